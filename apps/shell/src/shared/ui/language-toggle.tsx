import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n/i18n';

/**
 * A one-button language switch for pages without the header (login). A plain
 * button keeps the login bundle free of Dropdown and Menu.
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const next = currentLanguage() === 'zh' ? 'en' : 'zh';
  return (
    <Button type="text" aria-label={t('lang.switch')} onClick={() => void setLanguage(next)}>
      {t(`lang.${next}`)}
    </Button>
  );
}
