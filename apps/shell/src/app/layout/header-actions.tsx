import { Avatar, Button, Dropdown } from 'antd';
import { GlobalOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session-store';
import { LANGUAGES, currentLanguage, setLanguage, type Language } from '../../shared/i18n/i18n';
import { useLogout } from '../../features/auth/use-logout';

/** Language dropdown: Chinese or English, the current one disabled (spec §2 Top bar). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Dropdown
      menu={{
        items: LANGUAGES.map((lng) => ({ key: lng, label: t(`lang.${lng}`), disabled: lng === current })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button type="text" className="wb-header__action" icon={<GlobalOutlined />} aria-label={t('lang.switch')}>
        {t(`lang.${current}`)}
      </Button>
    </Dropdown>
  );
}

/** User dropdown: the user's name, change password (later issue), log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const logout = useLogout();
  const name = user?.real_name || user?.nick_name || user?.user_name || user?.account || t('header.user');
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'name', label: name, disabled: true },
          { key: 'password', label: t('header.changePassword'), disabled: true },
          { type: 'divider' },
          { key: 'logout', label: t('header.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') logout();
        },
      }}
    >
      <Button type="text" className="wb-header__action wb-user" aria-label={name}>
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span className="wb-user__name">{name}</span>
      </Button>
    </Dropdown>
  );
}
