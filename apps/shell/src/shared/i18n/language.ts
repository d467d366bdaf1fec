import { getStore, setStore } from '../storage';
import { LANGUAGE_STORE_NAME } from '../storage-names';

/**
 * The stored locale, apart from i18next: the login document reads and writes it
 * without loading i18next, and the signed-in shell starts in the same one.
 */
export type Language = 'zh' | 'en';
export const LANGUAGES: Language[] = ['zh', 'en'];

export function storedLanguage(): Language {
  return getStore<string>(LANGUAGE_STORE_NAME) === 'en' ? 'en' : 'zh';
}

/** Stores the locale and marks the document with it (screen readers, fonts). */
export function saveLanguage(language: Language): void {
  setStore(LANGUAGE_STORE_NAME, language);
  markDocument(language);
}

export function markDocument(language: Language): void {
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}
