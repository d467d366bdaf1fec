import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { markDocument, saveLanguage, storedLanguage, type Language } from './language';
import { zh } from './zh';
import { en } from './en';

export { LANGUAGES, type Language } from './language';

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
markDocument(initial);

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'zh';
}

/**
 * Switches the locale, stores it and lets every t() user (titles included)
 * re-render; antd follows through Providers, dayjs through dayjs-locale.ts.
 */
export async function setLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };
