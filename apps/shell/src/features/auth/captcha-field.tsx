import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { CaptchaImage } from './auth-frame';

/** The picture-code form item of the registration and retrieval forms: the input, required, beside its picture. */
export function CaptchaField(props: { id: string; name: string; label: string; requiredMessage: string; image?: string; onRefresh: () => void }) {
  const { id, name, label, requiredMessage, image, onRefresh } = props;
  const { t } = useTranslation();
  return (
    <Form.Item label={label} htmlFor={id} required>
      <div className="login-captcha">
        <Form.Item name={name} noStyle rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
          <Input id={id} aria-label={label} maxLength={8} autoComplete="off" />
        </Form.Item>
        <CaptchaImage image={image} alt={label} refreshLabel={t('login.captchaRefresh')} onRefresh={onRefresh} />
      </div>
    </Form.Item>
  );
}
