import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n/i18n';

/**
 * A one-button language switch for pages without the header (password retrieval; its
 * style is the auth frame's). A plain
 * button: no antd Button, Dropdown and Menu for one click.
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const next = currentLanguage() === 'zh' ? 'en' : 'zh';
  return (
    // named by what it shows ('English', in English), the purpose as its description
    <button type="button" className="wb-text-button" lang={next === 'zh' ? 'zh-CN' : 'en'} title={t('lang.switch')} onClick={() => void setLanguage(next)}>
      {t(`lang.${next}`)}
    </button>
  );
}
