import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../shared/i18n/shell-texts';
import { ErrorLogTable } from './error-log-table';
import './error-log.css';

/** The error log viewer of the top bar, with a link to the /logs page. */
export default function ErrorLogDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('errorLog.title')}
      width={960}
      footer={
        <Link to="/logs" onClick={onClose}>
          {t('errorLog.openPage')}
        </Link>
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <ErrorLogTable height={420} />
    </Modal>
  );
}
