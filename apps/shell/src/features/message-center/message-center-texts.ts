import { i18n } from '../../shared/i18n/i18n';

/** Texts of 消息中心 (features/message-center), registered when its chunk loads. */
const zh = {
  messageCenter: {
    title: '消息中心',
    announcements: '系统公告',
    reminders: '督办提醒',
    all: '全部',
    unread: '未读',
    read: '已读',
    status: '状态',
    subject: '标题',
    content: '内容',
    source: '来源',
    time: '时间',
    markRead: '标为已读',
    open: '查看',
  },
};
const en: typeof zh = {
  messageCenter: {
    title: 'Message centre',
    announcements: 'Announcements',
    reminders: 'Reminders',
    all: 'All',
    unread: 'Unread',
    read: 'Read',
    status: 'Status',
    subject: 'Title',
    content: 'Content',
    source: 'From',
    time: 'Time',
    markRead: 'Mark read',
    open: 'Open',
  },
};

i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
