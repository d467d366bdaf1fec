import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FIRST_PAGE } from '@wb/contracts/constants';
import '../../shared/i18n/shell-texts';
import { ThemeScope } from '../../shared/theme/theme-scope';
import { usePageTitle } from '../../shared/ui/use-page-title';
import './outside-page.css';

export type OutsidePageKind = 'parking' | 'trajectoryPage' | 'trajectoryPerson' | 'dispatch';

/**
 * Pages outside the shell (/parking, /work/trajectoryPage,
 * /work/trajectoryPerson, /batchDialogFullScreen): full screen, no header and
 * no sidebar. They belong to other systems; until those are connected each
 * says what it is.
 */
export default function OutsidePage({ kind }: { kind: OutsidePageKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t(`outside.${kind}`));
  return (
    <ThemeScope>
      <div className="wb-outside" data-page={kind}>
        <Result
          status="info"
          title={t(`outside.${kind}`)}
          subTitle={
            <>
              <p>{t(`outside.${kind}Desc`)}</p>
              <p>{t('outside.placeholder')}</p>
            </>
          }
          extra={
            <Button type="primary" onClick={() => navigate(FIRST_PAGE)}>
              {t('page.backHome')}
            </Button>
          }
        />
      </div>
    </ThemeScope>
  );
}
