/**
 * Documents of the shell pre-rendered at build time, which the server answers
 * their paths with instead of the single-page app's index.html.
 *
 * The login document (/login) is pre-rendered, once for each choice
 * of the settings that change its form, so that it is right before any script
 * runs; the server answers /login with the file its configuration picks. The
 * document names its choice in a meta tag, which the page hydrates with.
 */
export interface LoginDocumentChoice {
  tenantMode: boolean;
  captchaEnabled: boolean;
}

export const LOGIN_SETTINGS_META = 'wb-login-settings';

/** Every choice; the first (the server's defaults) is also `login.html`, for static hosts. */
export const LOGIN_DOCUMENT_CHOICES: LoginDocumentChoice[] = [
  { tenantMode: false, captchaEnabled: true },
  { tenantMode: false, captchaEnabled: false },
  { tenantMode: true, captchaEnabled: true },
  { tenantMode: true, captchaEnabled: false },
];

export function loginDocumentFile({ tenantMode, captchaEnabled }: LoginDocumentChoice): string {
  return `${['login', tenantMode && 'tenant', !captchaEnabled && 'nocaptcha'].filter(Boolean).join('-')}.html`;
}

/**
 * The error pages: /404, /403 and /500 answered with a document of antd's Result
 * drawn at build time, which needs no script (the single-page app shows the same
 * pages when it moves there itself).
 */
export const STATUS_DOCUMENTS = ['403', '404', '500'] as const;
export type StatusDocument = (typeof STATUS_DOCUMENTS)[number];

export const statusDocumentFile = (status: StatusDocument): string => `${status}.html`;

/** The lock screen (/lock): a locked screen that is reloaded shows before the workbench's code loads. */
export const LOCK_DOCUMENT_FILE = 'lock.html';
