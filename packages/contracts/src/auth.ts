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
} as const;
