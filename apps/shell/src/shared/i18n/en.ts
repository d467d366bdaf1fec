import type { Messages } from './zh';

export const en: Messages = {
  app: { name: 'Operations Workbench' },
  lang: { zh: '中文', en: 'English', switch: 'Language' },
  common: { confirmTitle: 'Notice', ok: 'OK', cancel: 'Cancel' },
  login: {
    title: 'Log in',
    heading: 'Operations Workbench',
    subtitle: 'Smart city and property operations platform',
    tenantId: 'Tenant ID',
    tenantRequired: 'Please enter the tenant ID',
    username: 'Account',
    usernameRequired: 'Please enter the account',
    password: 'Password',
    passwordRequired: 'Please enter the password',
    captcha: 'Code',
    captchaRequired: 'Please enter the code',
    captchaRefresh: 'Hard to read? Click the picture for another one',
    submit: 'Log in',
    settingsFailed: 'Could not load the login settings',
    forgot: 'Forgot password',
    register: 'Register',
    socialTitle: 'Other ways to log in',
    socialLoading: 'Logging in with the third-party account…',
  },
  request: {
    unknownError: 'Unknown error',
    cityNotLoggedIn: 'The city sub-application is not logged in',
    sessionExpired: 'Your session has expired, please log in again',
    unauthorized: 'Unauthorized request',
  },
  boundary: {
    serverError: 'Sorry, this page went wrong',
    chunkError: 'The workbench was updated or the network is unstable: part of the page could not be loaded',
    reload: 'Reload the page',
  },
};
