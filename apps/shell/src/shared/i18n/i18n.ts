import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStore, setStore } from '../storage';
import { LANGUAGE_STORE_NAME } from '../storage-names';
import { zh } from './zh';
import { en } from './en';

export type Language = 'zh' | 'en';
export const LANGUAGES: Language[] = ['zh', 'en'];

function storedLanguage(): Language {
  const value = getStore<string>(LANGUAGE_STORE_NAME);
  return value === 'en' ? 'en' : 'zh';
}

const initial = storedLanguage();

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: initial,
  fallbackLng: 'zh',
  // Bundles are inline, so init can finish before the first render.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
document.documentElement.lang = initial === 'zh' ? 'zh-CN' : 'en';

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'zh';
}

/**
 * Switches the locale, stores it and lets every t() user (titles included)
 * re-render; antd follows through Providers, dayjs through dayjs-locale.ts.
 */
export async function setLanguage(language: Language): Promise<void> {
  setStore(LANGUAGE_STORE_NAME, language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  await i18n.changeLanguage(language);
}

export { i18n };
