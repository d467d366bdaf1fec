// the login route's own deep imports (login-page.tsx says why), so this frame adds nothing to its bundle
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../shared/ui/language-toggle';
import './login-page.css';

/** The frame of the pages outside the shell (login, password retrieval): backdrop, language, card. */
export function AuthFrame({ title, subtitle, className, children }: { title: string; subtitle?: string; className?: string; children: ReactNode }) {
  return (
    <div className="login-page">
      <div className="login-page__lang">
        <LanguageToggle />
      </div>
      <section className={className ? `login-card ${className}` : 'login-card'}>
        <h1 className="login-card__heading">{title}</h1>
        {subtitle && <p className="login-card__subtitle">{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}

/** The picture code beside its input; clicking the picture asks for a new one. */
export function CaptchaImage({ image, alt, onRefresh }: { image?: string; alt: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="login-captcha__image" title={t('login.captchaRefresh')} aria-label={t('login.captchaRefresh')} onClick={onRefresh}>
      {image && <img src={image} alt={alt} />}
    </button>
  );
}

/** The picture-code form item of the login, registration and retrieval forms: the input, required, beside its picture. */
export function CaptchaField(props: { id: string; name: string; label: string; requiredMessage: string; image?: string; onRefresh: () => void }) {
  const { id, name, label, requiredMessage, image, onRefresh } = props;
  return (
    <Form.Item label={label} htmlFor={id} required>
      <div className="login-captcha">
        <Form.Item name={name} noStyle rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
          <Input id={id} aria-label={label} maxLength={8} autoComplete="off" />
        </Form.Item>
        <CaptchaImage image={image} alt={label} onRefresh={onRefresh} />
      </div>
    </Form.Item>
  );
}
