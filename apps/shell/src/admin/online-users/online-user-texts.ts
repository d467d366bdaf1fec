import { i18n } from '../../shared/i18n/i18n';

/** Texts of 在线用户 (admin/online-users), registered when the page's chunk loads. */
const zh = {
  onlineUsers: {
    title: '在线用户',
    account: '账号',
    accountPlaceholder: '账号或姓名',
    realName: '姓名',
    device: '登录设备',
    ip: '登录地址',
    loginTime: '登录时间',
    expireTime: '过期时间',
    current: '当前会话',
    logout: '强制下线',
    confirm: '确定将用户「{{account}}」的这个会话强制下线? 其下一次操作将回到登录页。',
    done: '已强制下线',
    actions: '操作',
    ok: '确定',
    cancel: '取消',
  },
};
const en: typeof zh = {
  onlineUsers: {
    title: 'Online users',
    account: 'Account',
    accountPlaceholder: 'Account or name',
    realName: 'Name',
    device: 'Device',
    ip: 'Address',
    loginTime: 'Signed in',
    expireTime: 'Expires',
    current: 'This session',
    logout: 'End session',
    confirm: 'End this session of “{{account}}”? Their next action takes them to the login page.',
    done: 'The session was ended',
    actions: 'Actions',
    ok: 'OK',
    cancel: 'Cancel',
  },
};

i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
