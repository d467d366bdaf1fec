import { useEffect } from 'react';

/** The page title is the tab label; re-run on language change. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
