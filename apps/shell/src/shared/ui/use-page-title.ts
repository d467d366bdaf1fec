import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser's title of a page: its name, then the product's ('用户管理 - 运营工作台'), so a window among others says whose it is. */
export function pageTitle(title: string, product: string): string {
  return `${title} - ${product}`;
}

/** The page title is the tab label with the product's name; re-run on language change. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    if (title) document.title = pageTitle(title, product);
  }, [title, product]);
}
