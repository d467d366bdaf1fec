import { zhEn } from './resource';

/**
 * 在线用户: the live sessions of the caller's tenant, and ending one of them (an administrator
 * sends a user back to the login page). A session is a row of the server's `session` table, so
 * ending it is refused at once on every instance, as a logout is.
 */
export const ONLINE_USER_PATHS = {
  list: '/us-auth/online-user/list',
  logout: '/us-auth/online-user/logout',
} as const;

/** The menu that guards the list, and the button that ends a session. */
export const ONLINE_USER_CODES = { menu: 'onlineUser', logout: 'onlineUser_logout' } as const;

/** The page's path (the menu's). */
export const ONLINE_USER_PAGE = '/system/online-user';

export const ONLINE_USER_MESSAGES = {
  notFound: zhEn('会话不存在或已退出', 'The session does not exist or has ended'),
  own: zhEn('不能强制下线当前会话, 请使用退出登录', 'This is your current session: log out instead'),
  done: zhEn('已强制下线', 'The session was ended'),
} as const;

/** A live session as the list answers it. */
export interface OnlineSession {
  /** the session's id */
  uuid: string;
  userId: string;
  account: string;
  realName: string;
  ip: string;
  userAgent: string;
  /** when the user logged in */
  createTime: string;
  expireTime: string;
  /** the caller's own session */
  current: boolean;
}
