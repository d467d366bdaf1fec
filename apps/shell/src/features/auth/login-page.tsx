import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
// Deep imports: antd's Input index attaches TextArea, Search and OTP, which the
// login route does not need (about 10 KB gzipped); antd's own index would make
// the login chunk's static graph reach every component (vite.config.ts).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TokenResponse } from '@wb/contracts/auth';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { appEnv } from '../../shared/env';
import { useSession } from '../../shared/session-store';
import { feedback } from '../../shared/feedback';
import { safeRedirect } from '../../shared/navigation';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { DEFAULT_LOGIN_SETTINGS, loginSettingsQuery } from './api/login-settings';
import { getCaptcha } from './api/captcha';
import { AuthFrame, CaptchaField } from './auth-frame';
import { requestSocialToken, requestToken } from './api/token';
import { readSocialCallback, rememberSocialSource, socialAuthorizeUrl, socialLabel, socialSources, pendingSocialSource, forgetSocialSource } from './social-login';

// Its own chunk: the dialog (Modal, Alert, the shell's texts) is not part of the /login budget.
const RegisterDialog = lazy(() => import('./register-dialog'));

interface SocialFailure {
  body?: { error?: string; error_description?: string; oauth_id?: string };
  message: string;
}

interface LoginFields {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
}

/**
 * Account login (/login). Plain antd Form on purpose: this route must
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

  // Without the settings the form still works with the defaults; say so.
  useEffect(() => {
    if (settingsQuery.isError) void feedback().message.warning(t('login.settingsFailed'));
  }, [settingsQuery.isError, t]);

  const refreshCaptcha = () => {
    form.setFieldValue('code', '');
    void captcha.refetch();
  };

  const [register, setRegister] = useState<{ oauthId?: string } | null>(null);
  const tenantIdNow = () => (settings?.tenantMode ? String(form.getFieldValue('tenantId') ?? '').trim() : settings?.defaultTenantId) || DEFAULT_LOGIN_SETTINGS.defaultTenantId;
  const enter = (token: TokenResponse) => {
    login(token);
    navigate(safeRedirect(params.get('redirect'), FIRST_PAGE), { replace: true });
  };

  // Back from a third-party provider: /login?code=&state=[&source=].
  const [callback] = useState(() => readSocialCallback(window.location.search, pendingSocialSource()));
  const callbackHandled = useRef(false);
  const social = useMutation({
    mutationFn: requestSocialToken,
    onSuccess: enter,
    onError: (error: SocialFailure) => {
      // An identity nobody registered: the registration claims it.
      if (error.body?.error === 'unbound_account' && error.body.oauth_id) setRegister({ oauthId: error.body.oauth_id });
      else void feedback().message.error(error.body?.error_description || error.message);
    },
  });
  useEffect(() => {
    if (!callback || !settings || callbackHandled.current) return;
    callbackHandled.current = true;
    forgetSocialSource();
    // The code is single use: take it out of the address before anything else.
    navigate('/login', { replace: true });
    social.mutate({ ...callback, tenantId: tenantIdNow() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the settings arrive (the ref guards the single-use code); the rest is stable or read from them
  }, [settings]);

  const sources = socialSources(settings?.socialSources, appEnv.socialSources);

  const submit = useMutation({
    mutationFn: (values: LoginFields) =>
      requestToken({
        tenantId: (settings?.tenantMode ? values.tenantId : settings?.defaultTenantId) || DEFAULT_LOGIN_SETTINGS.defaultTenantId,
        username: values.username.trim(),
        password: values.password,
        captchaKey: captchaOn ? captcha.data?.key : undefined,
        captchaCode: captchaOn ? values.code?.trim() : undefined,
      }),
    onSuccess: enter,
    onError: (error) => {
      void feedback().message.error(error.message);
      if (captchaOn) refreshCaptcha();
    },
  });

  return (
    <AuthFrame title={t('login.heading')} subtitle={t('login.subtitle')}>
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
          <CaptchaField id="login_code" name="code" label={t('login.captcha')} requiredMessage={t('login.captchaRequired')} image={captcha.data?.image} onRefresh={refreshCaptcha} />
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
      <div className="login-links">
        <Link to="/forgot-password">{t('login.forgot')}</Link>
        <button type="button" className="login-link-button" onClick={() => setRegister({})}>
          {t('login.register')}
        </button>
      </div>
      {sources.length > 0 && (
        <div className="login-social">
          <div className="login-social__title">{t('login.socialTitle')}</div>
          <div className="login-social__buttons">
            {sources.map((source) => (
              <button
                key={source}
                type="button"
                className="login-social__button"
                disabled={!settings || social.isPending}
                onClick={() => {
                  rememberSocialSource(source);
                  window.location.assign(socialAuthorizeUrl(appEnv.apiBase, source, tenantIdNow()));
                }}
              >
                {socialLabel(source)}
              </button>
            ))}
          </div>
          {social.isPending && <div className="login-social__title">{t('login.socialLoading')}</div>}
        </div>
      )}
      {register && settings && (
        <Suspense fallback={null}>
          <RegisterDialog
            oauthId={register.oauthId}
            tenantMode={settings.tenantMode}
            captchaEnabled={settings.captchaEnabled === true}
            defaultTenantId={settings.defaultTenantId}
            onClose={() => setRegister(null)}
          />
        </Suspense>
      )}
    </AuthFrame>
  );
}
