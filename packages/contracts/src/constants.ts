/** Fixed values (headers, lifetimes, limits, pages) shared by the shell, the server and sub-apps. */
export const DEFAULT_TENANT_ID = '000000';
export const TOKEN_HEADER = 'saas-auth';
export const TENANT_HEADER = 'Tenant-Id';

/** Each call of the shell carries its own id; the server's API and error logs keep it (the log explorer). */
export const REQUEST_ID_HEADER = 'X-Request-Id';
export const ACCESS_TOKEN_TTL_SECONDS = 28800;
export const TOKEN_CHECK_INTERVAL_MS = 60_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const PASSWORD_MIN_LENGTH = 8;
/** The shortest client secret an administrator may type (a secret the server makes is longer). */
export const CLIENT_SECRET_MIN_LENGTH = 16;
export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 200;
export const FIRST_PAGE = '/wel/index';
export const LOCK_PAGE = '/lock';
export const LOGIN_FAIL_LIMIT = 5;
export const LOGIN_LOCK_MINUTES = 30;
/** Body code meaning 'the city sub-application is not logged in' (the shell says '城市子应用未登录'). */
export const CODE_CITY_NOT_LOGGED_IN = 101003;
export const SIDEBAR_WIDTH = 220;
export const SUBAPP_MOUNT_PREFIXES = ['/work', '/coredata', '/publish', '/config', '/emergency-support', '/cruiser', '/order-accumulation', '/vaas', '/create-order'] as const;
/** The alias of each tenant's administrators' role (seeded; user_limited_menus withholds menus from it). */
export const ADMIN_ROLE_ALIAS = 'administrator';
