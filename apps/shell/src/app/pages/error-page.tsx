import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { usePageTitle } from '../../shared/ui/use-page-title';

const TEXT = { '403': 'page.forbidden', '404': 'page.notFound', '500': 'page.serverError' } as const;
export type ErrorStatus = keyof typeof TEXT;

/** The status itself, with the way back to the first page. */
export function StatusResult({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(TEXT[status])}
      extra={
        <Button type="primary" onClick={() => navigate(FIRST_PAGE)}>
          {t('page.backHome')}
        </Button>
      }
    />
  );
}

/** The /404, /403 and /500 pages. */
export default function ErrorPage({ status }: { status: ErrorStatus }) {
  usePageTitle(status);
  return <StatusResult status={status} />;
}
