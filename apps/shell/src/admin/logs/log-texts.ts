import { i18n } from '../../shared/i18n/i18n';

/** Texts of 日志管理's pages and the log explorer, registered when the first of them loads. */
const zh = {
  logTrace: {
    action: '追踪',
    title: '请求追踪',
    request: '请求',
    noRequest: '接口日志中没有这个请求 (可能已过保留期)',
    errors: '服务端错误',
    noErrors: '这个请求没有服务端错误',
    shell: '前端上报',
    noShell: '前端没有上报这个请求 (用户上传错误日志后可见)',
    time: '时间',
    user: '操作人',
    call: '请求',
    status: '状态码',
    duration: '耗时',
    address: '来源地址',
    browser: '浏览器',
    params: '请求参数',
    message: '错误信息',
    fingerprint: '错误指纹',
    stack: '堆栈',
    page: '页面地址',
  },
};

const en: typeof zh = {
  logTrace: {
    action: 'Trace',
    title: 'Request trace',
    request: 'Request',
    noRequest: 'The API log has no such request (it may be past retention)',
    errors: 'Server errors',
    noErrors: 'No server error for this request',
    shell: 'Reported by the shell',
    noShell: 'The shell reported nothing for this request (visible once the user uploads the error log)',
    time: 'Time',
    user: 'User',
    call: 'Call',
    status: 'Status',
    duration: 'Time taken',
    address: 'Address',
    browser: 'Browser',
    params: 'Parameters',
    message: 'Message',
    fingerprint: 'Fingerprint',
    stack: 'Stack',
    page: 'Page',
  },
};

i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
