import { i18n } from '../../shared/i18n/i18n';

/** Texts of the phone's QR login confirmation. */
const zh = {
  qrConfirm: {
    title: '确认在电脑上登录运营工作台',
    ip: '登录地址',
    browser: '浏览器',
    time: '二维码生成时间',
    approve: '确认登录',
    cancel: '取消',
    approved: '已确认，电脑端将自动登录',
    cancelled: '已取消登录',
  },
};
const en = {
  qrConfirm: {
    title: 'Log in to the workbench on the computer?',
    ip: 'Address',
    browser: 'Browser',
    time: 'Code created',
    approve: 'Confirm',
    cancel: 'Cancel',
    approved: 'Confirmed: the computer logs in now',
    cancelled: 'Login cancelled',
  },
};
i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
