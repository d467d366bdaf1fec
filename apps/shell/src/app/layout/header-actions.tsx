import { lazy, Suspense, useEffect, useState } from 'react';
import { Avatar, Button, Tooltip } from 'antd';
import {
  BgColorsOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  GiftOutlined,
  GlobalOutlined,
  LockOutlined,
  LogoutOutlined,
  SearchOutlined,
  SwapOutlined,
  UserOutlined,
  KeyOutlined,
  IdcardOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session-store';
import { LANGUAGES, currentLanguage, setLanguage, type Language } from '../../shared/i18n/i18n';
import { PageLoading } from '../../shared/ui/page-loading';
import { MenuButton } from '../../shared/ui/menu-button';
import { PopoverButton } from '../../shared/ui/popover-button';

const ThemePanel = lazy(() => import('../../features/theme/theme-panel'));

/** Language dropdown: Chinese or English, the current one disabled. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <MenuButton
      menu={{
        items: LANGUAGES.map((lng) => ({ key: lng, label: t(`lang.${lng}`), disabled: lng === current })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      {/* Icon only: the top menu needs the header's width more than this label does. */}
      <Button type="text" className="wb-header__action" icon={<GlobalOutlined />} aria-label={t('lang.switch')} title={t(`lang.${current}`)} />
    </MenuButton>
  );
}

export type UserAction = 'info' | 'package' | 'password' | 'identity' | 'lock' | 'logout';

/** User dropdown: personal info, my package, change password, switch dept/role, lock screen, log out. */
export function UserMenu({ onAction, compact }: { onAction: (action: UserAction) => void; compact: boolean }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const name = user?.real_name || user?.nick_name || user?.user_name || user?.account || t('header.user');
  return (
    <MenuButton
      menu={{
        items: [
          { key: 'name', label: name, disabled: true },
          { type: 'divider' },
          { key: 'info', label: t('header.info'), icon: <IdcardOutlined /> },
          { key: 'package', label: t('header.myPackage'), icon: <GiftOutlined /> },
          { key: 'password', label: t('header.changePassword'), icon: <KeyOutlined /> },
          { key: 'identity', label: t('header.switchIdentity'), icon: <SwapOutlined /> },
          { key: 'lock', label: t('header.lock'), icon: <LockOutlined /> },
          { type: 'divider' },
          { key: 'logout', label: t('header.logout'), icon: <LogoutOutlined /> },
        ],
        onClick: ({ key }) => onAction(key as UserAction),
      }}
    >
      <Button type="text" className="wb-header__action wb-user" aria-label={name}>
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        {!compact && <span className="wb-user__name">{name}</span>}
      </Button>
    </MenuButton>
  );
}

/**
 * The theme and colour picker. The popover renders its content only once
 * opened, so the panel's chunk (and the colour picker's) loads on the first open.
 */
export function ThemeButton() {
  const { t } = useTranslation();
  return (
    <PopoverButton
      content={
        <Suspense fallback={<PageLoading />}>
          <ThemePanel />
        </Suspense>
      }
    >
      {/* A title, not a Tooltip: a Tooltip between the Popover and its button swallows the click. */}
      <Button type="text" className="wb-header__action" icon={<BgColorsOutlined />} aria-label={t('header.theme')} title={t('header.theme')} />
    </PopoverButton>
  );
}

export function SearchButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={`${t('header.search')} (Ctrl+K)`}>
      <Button type="text" className="wb-header__action" icon={<SearchOutlined />} aria-label={t('header.search')} onClick={onOpen} />
    </Tooltip>
  );
}

/**
 * The browser's full screen (the Fullscreen API) for the whole workbench. The shell's
 * own full-screen mode (a sub-app's event, ?mode=fullscreen) hides this header, so a
 * button here could not be pressed again to leave it; Esc leaves the browser's.
 */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const follow = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const label = t(on ? 'header.exitFullscreen' : 'header.fullscreen');
  return (
    <Button
      type="text"
      className="wb-header__action"
      icon={on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={label}
      title={label}
      onClick={() => void (on ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined)}
    />
  );
}
