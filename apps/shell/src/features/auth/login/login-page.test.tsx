import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, CAPTCHA_REQUIRED } from '@wb/contracts/auth';
import { AuthCallError } from '../api/auth-fetch';
import { DEFAULT_LOGIN_SETTINGS } from '../api/login-settings';

const requestToken = vi.fn();
const getCaptcha = vi.fn();
vi.mock('../api/token', () => ({ requestToken, requestSocialToken: vi.fn() }));
vi.mock('../api/captcha', () => ({ getCaptcha }));
vi.mock('../api/login-settings', async (importOriginal) => ({ ...(await importOriginal<object>()), getLoginSettings: () => new Promise(() => undefined) }));

const { LoginPage } = await import('./login-page');

afterEach(() => {
  cleanup();
  requestToken.mockReset();
  getCaptcha.mockReset();
});

const fill = (id: string, value: string) => {
  (document.getElementById(id) as HTMLInputElement).value = value;
};
const submit = () => fireEvent.submit(document.getElementById('login')!);

// Without captcha mode the server may still ask for the captcha: an account past its allowance
// (server: platform/login-limits.ts) answers CAPTCHA_REQUIRED until a login carries one.
describe('the login page asked for a captcha', () => {
  it('shows the captcha with a fresh picture, says why, and sends the code with the next login', async () => {
    const settings = { ...DEFAULT_LOGIN_SETTINGS, captchaEnabled: false };
    render(<LoginPage initialSettings={settings} initialLanguage="zh" onEnter={async () => undefined} onRegister={() => undefined} />);
    expect(document.getElementById('login_code')).toBeNull();

    requestToken.mockRejectedValueOnce(new AuthCallError(AUTH_MESSAGES.captchaRequired, { error: CAPTCHA_REQUIRED, error_description: AUTH_MESSAGES.captchaRequired }));
    getCaptcha.mockResolvedValue({ key: 'k1', image: 'data:image/svg+xml;base64,' });
    fill('login_username', 'owner');
    fill('login_password', 'Owner12345');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.captchaRequired);
    await waitFor(() => expect(document.getElementById('login_code')).not.toBeNull());
    expect(getCaptcha).toHaveBeenCalledTimes(1);
    expect(requestToken).toHaveBeenLastCalledWith(expect.objectContaining({ captchaKey: undefined, captchaCode: undefined }));

    requestToken.mockReturnValueOnce(new Promise(() => undefined));
    fill('login_password', 'Owner12345');
    fill('login_code', 'ab12');
    submit();
    expect(requestToken).toHaveBeenLastCalledWith(expect.objectContaining({ username: 'owner', captchaKey: 'k1', captchaCode: 'ab12' }));
  });

  it('keeps the captcha away for any other refusal', async () => {
    render(<LoginPage initialSettings={{ ...DEFAULT_LOGIN_SETTINGS, captchaEnabled: false }} initialLanguage="zh" onEnter={async () => undefined} onRegister={() => undefined} />);
    requestToken.mockRejectedValueOnce(new AuthCallError(AUTH_MESSAGES.badCredentials, { error: 'invalid_grant', error_description: AUTH_MESSAGES.badCredentials }));
    fill('login_username', 'owner');
    fill('login_password', 'wrong-one');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.badCredentials);
    expect(document.getElementById('login_code')).toBeNull();
    expect(getCaptcha).not.toHaveBeenCalled();
  });
});

describe('the language switch', () => {
  it('is named by what it shows, in that language, and marks the document with the language chosen', () => {
    render(<LoginPage initialSettings={{ ...DEFAULT_LOGIN_SETTINGS, captchaEnabled: false }} initialLanguage="zh" onEnter={async () => undefined} onRegister={() => undefined} />);
    const english = screen.getByRole('button', { name: 'English' });
    expect(english.getAttribute('lang')).toBe('en');
    expect(english.getAttribute('title')).toBe('切换语言');
    fireEvent.click(english);
    expect(document.documentElement.lang).toBe('en');
    const chinese = screen.getByRole('button', { name: '中文' });
    expect(chinese.getAttribute('lang')).toBe('zh-CN');
    expect(chinese.getAttribute('title')).toBe('Language');
    fireEvent.click(chinese);
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
