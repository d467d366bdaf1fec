import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../shared/i18n/shell-texts';
import { lockScreen } from './lock-actions';

/** Asks for the lock password when none is set yet; an empty one is refused ('锁屏密码不能为空'). */
export default function LockPasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  return (
    <Modal open title={t('lock.setTitle')} okText={t('header.lock')} cancelText={t('common.cancel')} width={420} destroyOnHidden onCancel={onClose} onOk={() => form.submit()}>
      <Form
        form={form}
        layout="vertical"
        name="lock"
        style={{ marginTop: 16 }}
        onFinish={({ password }) => {
          onClose();
          lockScreen(password);
        }}
      >
        <Form.Item name="password" label={t('lock.password')} extra={t('lock.passwordHint')} rules={[{ required: true, message: t('lock.passwordRequired') }]}>
          <Input.Password autoFocus autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
