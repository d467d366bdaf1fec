import { i18n } from './i18n';
import { shellZh } from './shell-zh';
import { shellEn } from './shell-en';

/**
 * Registers the signed-in shell's texts beside the entry's. Every chunk that
 * shows them (the layout, the lock screen, the login dialogs, pages outside the
 * layout) imports this module first; i18next merges the bundles deeply, so the
 * entry's `page`/`common` keys stay.
 */
i18n.addResourceBundle('zh', 'translation', shellZh, true, true);
i18n.addResourceBundle('en', 'translation', shellEn, true, true);
