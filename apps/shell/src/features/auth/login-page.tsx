import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
// Deep imports: antd's Input index attaches TextArea, Search and OTP, which the
// login route does not need (about 10 KB gzipped).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { useSession } from '../../shared/session-store';
import { feedback } from '../../shared/feedback';
import { safeRedirect } from '../../shared/navigation';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { LanguageToggle } from '../../shared/ui/language-toggle';
import { DEFAULT_LOGIN_SETTINGS, loginSettingsQuery } from './api/login-settings';
import { getCaptcha } from './api/captcha';
import { requestToken } from './api/token';
import './login-page.css';

interface LoginFields {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
}

/**
 * Account login (spec §2 /login). Plain antd Form on purpose: this route must
 * stay small (≤ 230 KB gz with the entry), so no ProComponents and no layout.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useSession((s) => s.login);
  const [form] = Form.useForm<LoginFields>();

  const settingsQuery = useQuery(loginSettingsQuery);
  const settings = settingsQuery.data ?? (settingsQuery.isError ? DEFAULT_LOGIN_SETTINGS : undefined);
  const captchaOn = settings?.captchaEnabled === true;
  const captcha = useQuery({
    queryKey: ['auth', 'captcha'],
    queryFn: getCaptcha,
    enabled: captchaOn,
    // A captcha is single use: never serve one from the cache.
    staleTime: Infinity,
    gcTime: 0,
  });

  useEffect(() => {
    if (settings && !form.getFieldValue('tenantId')) form.setFieldValue('tenantId', settings.defaultTenantId);
  }, [settings, form]);

  // Without the settings the form still works with the spec's defaults; say so.
  useEffect(() => {
    if (settingsQuery.isError) void feedback().message.warning(t('login.settingsFailed'));
  }, [settingsQuery.isError, t]);

  const refreshCaptcha = () => {
    form.setFieldValue('code', '');
    void captcha.refetch();
  };

  const submit = useMutation({
    mutationFn: (values: LoginFields) =>
      requestToken({
        tenantId: (settings?.tenantMode ? values.tenantId : settings?.defaultTenantId) || DEFAULT_LOGIN_SETTINGS.defaultTenantId,
        username: values.username.trim(),
        password: values.password,
        captchaKey: captchaOn ? captcha.data?.key : undefined,
        captchaCode: captchaOn ? values.code?.trim() : undefined,
      }),
    onSuccess: (token) => {
      login(token);
      navigate(safeRedirect(params.get('redirect'), FIRST_PAGE), { replace: true });
    },
    onError: (error) => {
      void feedback().message.error(error.message);
      if (captchaOn) refreshCaptcha();
    },
  });

  return (
    <div className="login-page">
      <div className="login-page__lang">
        <LanguageToggle />
      </div>
      <section className="login-card">
        <h1 className="login-card__heading">{t('login.heading')}</h1>
        <p className="login-card__subtitle">{t('login.subtitle')}</p>
        <Form<LoginFields> form={form} name="login" layout="vertical" size="large" onFinish={(v) => submit.mutate(v)} requiredMark={false}>
          {settings?.tenantMode && (
            <Form.Item name="tenantId" label={t('login.tenantId')} rules={[{ required: true, message: t('login.tenantRequired') }]}>
              <Input autoComplete="organization" />
            </Form.Item>
          )}
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Password autoComplete="current-password" />
          </Form.Item>
          {captchaOn && (
            <Form.Item label={t('login.captcha')} htmlFor="login_code" required>
              <div className="login-captcha">
                <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
                  <Input id="login_code" aria-label={t('login.captcha')} maxLength={8} autoComplete="off" />
                </Form.Item>
                <button
                  type="button"
                  className="login-captcha__image"
                  title={t('login.captchaRefresh')}
                  aria-label={t('login.captchaRefresh')}
                  onClick={refreshCaptcha}
                >
                  {captcha.data?.image && <img src={captcha.data.image} alt={t('login.captcha')} />}
                </button>
              </div>
            </Form.Item>
          )}
          <Form.Item style={{ marginBottom: 0 }}>
            {/* A styled native button: antd's Button drags its colour-preset
                styles (Collapse, ColorPresets) into the login route, ~11 KB gz. */}
            <button type="submit" className="login-submit" disabled={!settings || submit.isPending} aria-busy={submit.isPending}>
              {submit.isPending && <span className="login-submit__spinner" aria-hidden="true" />}
              {t('login.submit')}
            </button>
          </Form.Item>
        </Form>
      </section>
    </div>
  );
}
