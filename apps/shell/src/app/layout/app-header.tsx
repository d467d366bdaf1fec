import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TopMenu } from '@wb/contracts/menu';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { TopMenuBar } from './top-menu-bar';
import { LanguageMenu, UserMenu } from './header-actions';

/** Top header: logo (back to the workbench), top menu, language and user menus. */
export function AppHeader({ topMenus }: { topMenus: TopMenu[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <header className="wb-header">
      <a
        className="wb-logo"
        href={FIRST_PAGE}
        onClick={(event) => {
          event.preventDefault();
          navigate(FIRST_PAGE);
        }}
      >
        <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
          <rect x="2" y="2" width="11" height="11" rx="2" fill="#ff8642" />
          <rect x="15" y="2" width="11" height="11" rx="2" fill="#fff" opacity="0.85" />
          <rect x="2" y="15" width="11" height="11" rx="2" fill="#fff" opacity="0.85" />
          <rect x="15" y="15" width="11" height="11" rx="2" fill="#ff8642" opacity="0.7" />
        </svg>
        <span>{t('app.name')}</span>
      </a>
      <TopMenuBar topMenus={topMenus} />
      <div className="wb-header__right">
        <LanguageMenu />
        <UserMenu />
      </div>
    </header>
  );
}
