import { i18n } from '../../shared/i18n/i18n';

/** Texts of the release guide, registered with its chunk. */
const zh = { guide: { updated: '更新日期: {{date}}', done: '我知道了', version: '版本 {{version}}' } };
const en = { guide: { updated: 'Updated {{date}}', done: 'Got it', version: 'Version {{version}}' } };

i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
