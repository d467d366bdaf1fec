import { useEffect, useRef, useState, type FormEvent } from 'react';
import { shellEn } from '../../shared/i18n/shell-en';
import { shellZh } from '../../shared/i18n/shell-zh';
import { markDocument, storedLanguage, type Language } from '../../shared/i18n/language';
import type { UserInfo } from '../../shared/session-store';
import { formClass, FormItem, PasswordInput } from '../auth/login/form-parts';
import '../auth/login-page.css';
import './lock-page.css';

export interface LockDocumentPageProps {
  /** who is signed in, read once hydrated (the pre-rendered page knows nobody) */
  readUser(): UserInfo | undefined;
  /** false for a wrong password; the right one unlocks, and the document's entry starts the workbench where the user was */
  onUnlock(password: string): boolean;
  /** 退出登录: the entry signs out */
  onLogout(): void;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The lock screen (/lock) as the lock document shows it: pre-rendered at build time
 * and hydrated by lock-main.tsx, on React alone (no antd, router or i18next), so a
 * locked screen that is reloaded is on screen before the workbench's code loads.
 * What only the browser knows (the time, the user's name and picture, the language)
 * fills in once hydrated, and the unlock button works from then on.
 * The signed-in shell shows features/lock/lock-page.tsx when it locks itself.
 */
export function LockDocumentPage({ readUser, onUnlock, onLogout }: LockDocumentPageProps) {
  const [language, setLanguage] = useState<Language>('zh');
  const t = (language === 'en' ? shellEn : shellZh).lock;
  const [hydrated, setHydrated] = useState(false);
  const [now, setNow] = useState<Date>();
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [user, setUser] = useState<UserInfo>();
  const formRef = useRef<HTMLFormElement>(null);
  const name = user?.real_name || user?.nick_name || user?.user_name || user?.account || '';

  useEffect(() => {
    setHydrated(true);
    setLanguage(storedLanguage());
    setUser(readUser());
    setNow(new Date());
    const id = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(id);
  }, [readUser]);

  useEffect(() => {
    document.title = t.title;
    markDocument(language);
  }, [language, t]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = formRef.current?.elements.namedItem('password');
    const password = field instanceof HTMLInputElement ? field.value : '';
    setFailure(undefined);
    if (!password) return setError(t.passwordRequired);
    setError(undefined);
    if (onUnlock(password)) return;
    if (field instanceof HTMLInputElement) field.value = '';
    setFailure(t.wrongPassword);
  };

  return (
    <div className="wb-lock">
      <div className="wb-lock__clock" aria-hidden="true">
        {now ? `${pad(now.getHours())}:${pad(now.getMinutes())}` : '\u00a0'}
        <div className="wb-lock__date">
          {now ? now.toLocaleDateString(language === 'en' ? 'en-US' : 'zh-CN', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' }) : '\u00a0'}
        </div>
      </div>
      <section className="wb-lock__card wb-lock__card--document" aria-label={t.title}>
        <span className="wb-lock__avatar" aria-hidden="true">
          {user?.avatar ? <img src={user.avatar} alt="" /> : name.slice(0, 1)}
        </span>
        <h4 className="wb-lock__name">{name || '\u00a0'}</h4>
        <span className="wb-lock__state">{t.title}</span>
        <form ref={formRef} className={`${formClass()} wb-lock__form`} onSubmit={submit} noValidate>
          <FormItem id="unlock_password" label={t.password} error={error}>
            <PasswordInput id="unlock_password" name="password" aria-label={t.password} placeholder={t.unlockPlaceholder} autoComplete="off" invalid={!!error} autoFocus />
          </FormItem>
          {failure && (
            <div className="login-failure" role="alert">
              {failure}
            </div>
          )}
          <button type="submit" className="login-submit" disabled={!hydrated}>
            {t.unlock}
          </button>
        </form>
        <button type="button" className="wb-lock__logout" onClick={onLogout} disabled={!hydrated}>
          {t.logoutInstead}
        </button>
      </section>
    </div>
  );
}
