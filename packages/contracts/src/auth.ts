/** Raw OAuth2 body of POST /us-auth/oauth/token (not the envelope). */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: string;
  jti: string;
  client_id: string;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
  detail: Record<string, unknown>;
}

/** Failure body of the token call. */
export interface TokenError {
  error: string;
  error_description: string;
}

export interface CaptchaResponse {
  key: string;
  /** data URL of the picture */
  image: string;
}

export const AUTH_MESSAGES = {
  badCredentials: '用户名或密码错误',
  badCaptcha: '验证码不正确',
  badClient: '客户端认证失败',
  locked: '密码错误次数过多,账号已锁定30分钟,请稍后再试',
  tenantExpired: '租户授权已过期,请联系管理员',
  noRole: '未获得用户的角色信息',
  badRefresh: '刷新令牌无效或已过期',
  unauthorized: '请求未授权',
  tenantMismatch: '租户信息不一致',
  forbidden: '缺少操作权限',
  disabled: '账号已停用,请联系管理员',
  captchaRequired: '登录尝试过多,请输入验证码',
  badTenant: '租户编号不正确',
} as const;

/**
 * The token call's `error` when the login must carry a captcha it did not (or a wrong one): the
 * account has had more attempts than its allowance. The login page then shows the captcha.
 */
export const CAPTCHA_REQUIRED = 'captcha_required';

/** A QR login's states (POST /us-user/customLoginByZytQr): not scanned yet, scanned, confirmed on the phone, cancelled there, used. */
export const QR_STATUS = { waiting: 0, scanned: 1, confirmed: 2, cancelled: 3, used: 4 } as const;
/** how long a QR code may be scanned and confirmed */
export const QR_TTL_SECONDS = 120;
/** how often the login page asks whether its code was confirmed */
export const QR_POLL_MS = 2000;
/** the shell's page a signed-in phone opens from the code: `${origin}/qr-login?ticket=` */
export const QR_CONFIRM_PAGE = '/qr-login';
export const QR_SOURCE = 'zyt';

export const QR_MESSAGES = {
  expired: '二维码已过期, 请刷新',
  cancelled: '已在手机上取消登录',
  otherTenant: '请使用该二维码所属租户的账号扫码',
  unknown: '二维码无效',
} as const;

/** The login page's QR ticket: `ticket` goes in the code, `key` stays with the page that redeems it. */
export interface QrTicket {
  ticket: string;
  key: string;
  expiresIn: number;
}

/** What the phone is shown before it confirms: where the login was asked from. */
export interface QrScan {
  ip: string;
  userAgent: string;
  createTime: string;
}
