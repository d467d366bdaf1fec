import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../shared/i18n/shell-texts';
import { ErrorLogTable } from './error-log-table';
import './error-log.css';

/** /logs: the local error log as a page. */
export default function ErrorLogPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('errorLog.title')}>
      <ErrorLogTable />
    </Card>
  );
}
