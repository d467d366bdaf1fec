import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../shared/i18n/shell-texts';
import { PasswordForm } from './password-form';

/** The user menu's 修改密码 dialog. */
export default function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('password.title')} footer={null} width={460} onCancel={onClose} destroyOnHidden>
      <div style={{ marginTop: 16 }}>
        <PasswordForm onDone={onClose} onCancel={onClose} footer="modal" />
      </div>
    </Modal>
  );
}
