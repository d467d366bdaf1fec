import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n/i18n';
import './language-toggle.css';

/**
 * A one-button language switch for pages without the header (login). A plain
 * button keeps the login route free of antd Button, Dropdown and Menu.
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const next = currentLanguage() === 'zh' ? 'en' : 'zh';
  return (
    <button type="button" className="wb-text-button" aria-label={t('lang.switch')} onClick={() => void setLanguage(next)}>
      {t(`lang.${next}`)}
    </button>
  );
}
