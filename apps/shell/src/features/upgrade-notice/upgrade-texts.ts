import { i18n } from '../../shared/i18n/i18n';

/** Texts of the version notice link and the update announcement page. */
i18n.addResourceBundle('zh', 'translation', { upgrade: { link: '版本更新', title: '更新公告', none: '暂无更新公告' } }, true, true);
i18n.addResourceBundle('en', 'translation', { upgrade: { link: 'What’s new', title: 'Update announcement', none: 'No update announcement' } }, true, true);
