import type { TFunction } from 'i18next';
import { i18n } from '../../shared/i18n/i18n';
import { menuNamesEn } from './menu-names-en';

// Registered by the module that reads them: every place that names a menu imports menuLabel.
i18n.addResourceBundle('en', 'translation', { menuNames: menuNamesEn }, true, true);

/** The i18n key of a menu's name; a menu page's tab keeps it, so its label follows a language switch. */
export const menuLabelKey = (code: string) => `menuNames.${code}`;

/**
 * The name to show for a menu or top menu: its translation by code (English
 * names of the seeded menus, menu-names-en.ts), else the server's name.
 */
export function menuLabel(t: TFunction, code: string | undefined, name: string): string {
  return code ? t(menuLabelKey(code), { defaultValue: name }) : name;
}
