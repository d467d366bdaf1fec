import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { CAPTCHA_REQUIRED, type CaptchaResponse, type TokenResponse } from '@wb/contracts/auth';
import { appEnv } from '../../../shared/env';
import { en } from '../../../shared/i18n/en';
import { zh } from '../../../shared/i18n/zh';
import { markDocument, saveLanguage, storedLanguage, type Language } from '../../../shared/i18n/language';
import type { LoginNotice } from '../../../shared/local-logout';
import { getStore, removeStore } from '../../../shared/storage';
import { LOGIN_NOTICE_STORE_NAME } from '../../../shared/storage-names';
import { AuthCallError } from '../api/auth-fetch';
import { getCaptcha } from '../api/captcha';
import { DEFAULT_LOGIN_SETTINGS, getLoginSettings, type LoginSettings } from '../api/login-settings';
import { requestSocialToken, requestToken } from '../api/token';
import { AuthFrame, CaptchaImage } from '../auth-frame';
import {
  forgetSocialSource,
  listenForAuthRedirect,
  pendingSocialSource,
  readSocialCallback,
  rememberSocialSource,
  socialAuthorizeUrl,
  socialLabel,
  socialSources,
} from '../social-login';
import { formClass, FormItem, PasswordInput, TextInput } from './form-parts';

// its own chunk with the QR encoder: most logins never open it
const QrLoginPanel = lazy(() => import('./qr-login-panel'));

type Field = 'tenantId' | 'username' | 'password' | 'code';
type Errors = Partial<Record<Field, string>>;

export interface RegisterRequest {
  /** set when a third-party login found no account: the new account claims that identity */
  oauthId?: string;
  settings: LoginSettings;
}

export interface LoginPageProps {
  /** the settings and language the document was rendered with: the first render must match it */
  initialSettings: LoginSettings;
  initialLanguage: Language;
  /** signed in: the document's entry stores the session and starts the workbench */
  onEnter(token: TokenResponse): Promise<void>;
  /** 账号注册, or a third-party identity nobody registered */
  onRegister(request: RegisterRequest): void;
  /** the credentials are on their way: the workbench may start loading */
  onSubmit?(): void;
}

const sameSettings = (a: LoginSettings, b: LoginSettings) =>
  a.tenantMode === b.tenantMode && a.captchaEnabled === b.captchaEnabled && a.defaultTenantId === b.defaultTenantId && String(a.socialSources) === String(b.socialSources);

/**
 * Account login (/login), the page of the login document: pre-rendered at build
 * time (prerender.tsx) and hydrated by login-main.tsx. It loads neither antd, the
 * router, i18next nor the request client, so the form works on React alone; the
 * fields are plain inputs read when the form is submitted, and the submit button
 * is enabled once hydrated (a disabled default button also stops Enter from
 * sending the form the browser's way, with the password in the address).
 */
export function LoginPage({ initialSettings, initialLanguage, onEnter, onRegister, onSubmit }: LoginPageProps) {
  const [language, setLanguage] = useState(initialLanguage);
  const t = language === 'en' ? en : zh;
  const [settings, setSettings] = useState(initialSettings);
  const [hydrated, setHydrated] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [validated, setValidated] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [settingsFailed, setSettingsFailed] = useState(false);
  const [notice, setNotice] = useState<LoginNotice>();
  const [pending, setPending] = useState(false);
  const [socialPending, setSocialPending] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaResponse>();
  const [byQr, setByQr] = useState(false);
  /** the server asked for the captcha (too many attempts at the account) although captcha mode is off */
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const captchaOn = settings.captchaEnabled || captchaAsked;
  const values = (): Record<Field, string> => {
    const data = new FormData(formRef.current ?? undefined);
    const read = (name: Field) => String(data.get(name) ?? '');
    return { tenantId: read('tenantId'), username: read('username'), password: read('password'), code: read('code') };
  };
  const tenantNow = () => (settings.tenantMode ? values().tenantId.trim() : settings.defaultTenantId) || DEFAULT_LOGIN_SETTINGS.defaultTenantId;

  const check = (v: Record<Field, string>): Errors => {
    const found: Errors = {};
    if (settings.tenantMode && !v.tenantId.trim()) found.tenantId = t.login.tenantRequired;
    if (!v.username.trim()) found.username = t.login.usernameRequired;
    if (!v.password) found.password = t.login.passwordRequired;
    if (captchaOn && !v.code.trim()) found.code = t.login.captchaRequired;
    return found;
  };

  const refreshCaptcha = () => {
    const code = formRef.current?.elements.namedItem('code');
    if (code instanceof HTMLInputElement) code.value = '';
    getCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  };

  // The stored language, and the server's settings where the document was not served by it (a static host).
  useEffect(() => {
    setHydrated(true);
    setLanguage(storedLanguage());
    // why the last session ended, said once
    setNotice(getStore<LoginNotice>(LOGIN_NOTICE_STORE_NAME, 'session'));
    removeStore(LOGIN_NOTICE_STORE_NAME, 'session');
    getLoginSettings().then(
      (fresh) => setSettings((now) => (sameSettings(now, fresh) ? now : fresh)),
      // the form still works with what the document carries; say so
      () => setSettingsFailed(true),
    );
  }, []);

  useEffect(() => {
    document.title = t.login.title;
    markDocument(language);
  }, [language, t]);

  useEffect(() => {
    if (captchaOn) refreshCaptcha();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new picture when the captcha turns on, not on every render
  }, [captchaOn]);

  const failed = (error: unknown) => {
    setFailure(error instanceof AuthCallError ? error.message : t.request.unknownError);
    // turning it on shows the field and fetches a picture (the effect below)
    if (!captchaOn && error instanceof AuthCallError && (error.body as { error?: string } | undefined)?.error === CAPTCHA_REQUIRED) setCaptchaAsked(true);
    else if (captchaOn) refreshCaptcha();
  };

  // A provider's answer relayed by /authredirect from a window this page opened
  useEffect(() => listenForAuthRedirect(), []);

  // Back from a third-party provider: /login?code=&state=[&source=]. The code is single use:
  // it leaves the address before anything else.
  useEffect(() => {
    const callback = readSocialCallback(window.location.search, pendingSocialSource());
    if (!callback) return;
    forgetSocialSource();
    window.history.replaceState(null, '', '/login');
    setSocialPending(true);
    requestSocialToken({ ...callback, tenantId: tenantNow() })
      .then(onEnter)
      .catch((error: unknown) => {
        setSocialPending(false);
        const body = error instanceof AuthCallError ? (error.body as { error?: string; oauth_id?: string } | undefined) : undefined;
        if (body?.error === 'unbound_account' && body.oauth_id) onRegister({ oauthId: body.oauth_id, settings });
        else failed(error);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at start
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const v = values();
    const found = check(v);
    setValidated(true);
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    onSubmit?.();
    requestToken({
      tenantId: tenantNow(),
      username: v.username.trim(),
      password: v.password,
      captchaKey: captchaOn ? captcha?.key : undefined,
      captchaCode: captchaOn ? v.code.trim() : undefined,
    })
      .then(onEnter)
      .catch((error: unknown) => {
        setPending(false);
        failed(error);
      });
  };

  // After a first attempt each field says at once whether it is now filled in, as antd's forms do.
  const recheck = () => validated && setErrors(check(values()));
  const field = (name: Field) => ({ id: `login_${name}`, name, invalid: !!errors[name], onInput: recheck });
  const sources = socialSources(settings.socialSources, appEnv.socialSources);
  const next: Language = language === 'zh' ? 'en' : 'zh';

  return (
    <AuthFrame
      title={t.login.heading}
      subtitle={t.login.subtitle}
      language={
        // named by what it shows ('English', in English), the purpose as its description
        <button
          type="button"
          className="wb-text-button"
          lang={next === 'zh' ? 'zh-CN' : 'en'}
          title={t.lang.switch}
          onClick={() => {
            saveLanguage(next);
            setLanguage(next);
          }}
        >
          {t.lang[next]}
        </button>
      }
    >
      {notice && (
        <div className={`login-notice login-notice--${notice.kind}`} role="status">
          {notice.text}
        </div>
      )}
      {byQr && (
        <Suspense fallback={<div className="login-qr" />}>
          <QrLoginPanel tenantId={tenantNow()} texts={t.login} onEnter={onEnter} />
        </Suspense>
      )}
      <form ref={formRef} id="login" className={formClass()} noValidate onSubmit={submit} hidden={byQr}>
        {settings.tenantMode && (
          <FormItem id="login_tenantId" label={t.login.tenantId} error={errors.tenantId}>
            <TextInput {...field('tenantId')} defaultValue={settings.defaultTenantId} autoComplete="organization" />
          </FormItem>
        )}
        <FormItem id="login_username" label={t.login.username} error={errors.username}>
          <TextInput {...field('username')} autoComplete="username" />
        </FormItem>
        <FormItem id="login_password" label={t.login.password} error={errors.password}>
          <PasswordInput {...field('password')} autoComplete="current-password" />
        </FormItem>
        {captchaOn && (
          <FormItem id="login_code" label={t.login.captcha} error={errors.code}>
            <div className="login-captcha">
              <TextInput {...field('code')} maxLength={8} autoComplete="off" />
              <CaptchaImage image={captcha?.image} alt={t.login.captcha} refreshLabel={t.login.captchaRefresh} onRefresh={refreshCaptcha} />
            </div>
          </FormItem>
        )}
        {(failure || settingsFailed) && (
          <div className="login-failure" role="alert">
            {failure ?? t.login.settingsFailed}
          </div>
        )}
        <button type="submit" className="login-submit" disabled={!hydrated || pending || socialPending} aria-busy={pending}>
          {pending && <span className="login-submit__spinner" aria-hidden="true" />}
          {t.login.submit}
        </button>
      </form>
      <div className="login-links">
        <button type="button" className="login-link-button" disabled={!hydrated} onClick={() => setByQr((on) => !on)}>
          {byQr ? t.login.passwordLogin : t.login.qrLogin}
        </button>
        <a href="/forgot-password">{t.login.forgot}</a>
        <button type="button" className="login-link-button" disabled={!hydrated} onClick={() => onRegister({ settings })}>
          {t.login.register}
        </button>
      </div>
      {sources.length > 0 && (
        <div className="login-social">
          <div className="login-social__title">{t.login.socialTitle}</div>
          <div className="login-social__buttons">
            {sources.map((source) => (
              <button
                key={source}
                type="button"
                className="login-social__button"
                disabled={!hydrated || socialPending}
                onClick={() => {
                  rememberSocialSource(source);
                  window.location.assign(socialAuthorizeUrl(appEnv.apiBase, source, tenantNow()));
                }}
              >
                {socialLabel(source)}
              </button>
            ))}
          </div>
          {socialPending && <div className="login-social__title">{t.login.socialLoading}</div>}
        </div>
      )}
    </AuthFrame>
  );
}
