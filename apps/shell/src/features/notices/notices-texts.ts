import { i18n } from '../../shared/i18n/i18n';

/** Texts of the notice popover and the announcement preview, registered with the top bar. */
const zh = {
  notices: {
    open: '通知',
    announcements: '系统公告',
    reminders: '督办提醒',
    remindersCount: '督办提醒 ({{count}})',
    empty: '暂无通知',
    unread: '未读',
    close: '关闭',
  },
};
const en = {
  notices: {
    open: 'Notices',
    announcements: 'Announcements',
    reminders: 'Reminders',
    remindersCount: 'Reminders ({{count}})',
    empty: 'Nothing here',
    unread: 'Unread',
    close: 'Close',
  },
};

i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
