/**
 * Chinese texts the entry chunk needs (the default locale): the login
 * route, the request client and the error boundary. Texts of the signed-in
 * shell travel with its chunks (shell-zh.ts), so the /login budget does not
 * pay for them. Keys are shared with en.ts.
 */
export const zh = {
  app: { name: '运营工作台' },
  lang: { zh: '中文', en: 'English', switch: '切换语言' },
  common: { confirmTitle: '提示', ok: '确定', cancel: '取消' },
  login: {
    title: '登录',
    heading: '运营工作台',
    subtitle: '智慧城市与物业运营平台',
    tenantId: '租户ID',
    tenantRequired: '请输入租户ID',
    username: '账号',
    usernameRequired: '请输入用户名',
    password: '密码',
    passwordRequired: '请输入密码',
    captcha: '验证码',
    captchaRequired: '请输入验证码',
    captchaRefresh: '看不清？点击图片换一张',
    submit: '登录',
    settingsFailed: '获取登录配置失败',
    forgot: '忘记密码',
    register: '账号注册',
    socialTitle: '其他登录方式',
    qrLogin: '扫码登录',
    qrHint: '请用已登录的手机扫描二维码，并在手机上确认登录',
    qrScanned: '已扫码，请在手机上确认登录',
    qrFailed: '获取二维码失败',
    qrRefresh: '刷新二维码',
    passwordLogin: '账号密码登录',
    socialLoading: '正在通过第三方账号登录…',
  },
  request: {
    unknownError: '未知错误',
    cityNotLoggedIn: '城市子应用未登录',
    sessionExpired: '登录已过期，请重新登录',
    unauthorized: '请求未授权',
  },
  boundary: {
    serverError: '抱歉，页面出错了',
    chunkError: '系统已更新或网络不稳定，页面资源加载失败',
    reload: '刷新页面',
  },
};

/** Nested keys of the bundle, so en.ts must offer every key zh.ts has. */
export type Messages = { [K in keyof typeof zh]: { [P in keyof (typeof zh)[K]]: string } };
