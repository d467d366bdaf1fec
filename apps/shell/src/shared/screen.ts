import { useEffect, useState } from 'react';

/**
 * Screen size classes: width ≥ 1200 is 3, ≥ 992 is 2,
 * ≥ 768 is 1, otherwise 0. The layout folds the sidebar and hides the menu
 * search box on smaller classes.
 */
export type ScreenClass = 0 | 1 | 2 | 3;

export function screenClass(width: number): ScreenClass {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

/** The current screen class; re-renders only when the class changes, not on every resize. */
export function useScreenClass(): ScreenClass {
  const [value, setValue] = useState<ScreenClass>(() => screenClass(window.innerWidth));
  useEffect(() => {
    const onResize = () => setValue(screenClass(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return value;
}
