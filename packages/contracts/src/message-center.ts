/**
 * 消息中心: every notice (系统公告) and reminder (督办提醒) of the signed-in user, the bell's
 * lists in full, with read and unread filters. The seed grants its menu to both seeded roles;
 * other roles get it in 角色管理 like any menu. Its calls are every signed-in user's: the lists
 * are the caller's own.
 */
export const MESSAGE_CENTER_CODE = 'messageCenter';
export const MESSAGE_CENTER_PAGE = '/message-center';

/** `readStatus` of a notice or a reminder, and the list filter of the same name. */
export const READ_STATUS = { unread: 0, read: 1 } as const;
