import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n } from './i18n';

/**
 * dayjs follows the i18next language. Only pages inside the layout format
 * dates, so this lives outside the entry chunk: the layout calls it once.
 */
const DAYJS_LOCALE: Record<string, string> = { zh: 'zh-cn', en: 'en' };

let following = false;

export function followLanguageWithDayjs(): void {
  if (following) return;
  following = true;
  dayjs.locale(DAYJS_LOCALE[i18n.language] ?? 'zh-cn');
  i18n.on('languageChanged', (lng) => dayjs.locale(DAYJS_LOCALE[lng] ?? 'zh-cn'));
}
