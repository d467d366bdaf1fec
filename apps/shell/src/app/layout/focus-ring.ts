import { contrast, readableShade } from '@wb/resource-ui/contrast';
import type { ThemeChrome } from '../../shared/theme/themes';

/** A focus indicator stands out 3:1 from what is around it (WCAG 2.2, 1.4.11 and 2.4.13). */
export const FOCUS_RATIO = 3;

/** The colours of a CSS background: a colour, or the stops of a gradient. */
export const backgroundColors = (background: string): string[] => background.match(/#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi) ?? [];

/**
 * The nearest shade of the theme colour that stands out from every one of the backgrounds;
 * where no shade does (a gradient from dark to light), black or white, whichever stands out more.
 */
export function focusColor(color: string, backgrounds: readonly string[]): string {
  const grounds = backgrounds.length ? backgrounds : ['#ffffff'];
  const least = (c: string) => Math.min(...grounds.map((bg) => contrast(c, bg)));
  const shade = readableShade(color, grounds, FOCUS_RATIO);
  if (least(shade) >= FOCUS_RATIO) return shade;
  return least('#000000') >= least('#ffffff') ? '#000000' : '#ffffff';
}

/**
 * The focus ring's colours for the layout's CSS (layout.css): on the pages, dialogs and menus
 * (their surface and the page background), on the header and on the sidebar.
 */
export function focusRingVariables(color: string, chrome: ThemeChrome): Record<string, string> {
  const surface = chrome.dark ? '#1f1f1f' : '#ffffff';
  return {
    '--wb-focus': focusColor(color, [surface, ...backgroundColors(chrome.bodyBg)]),
    '--wb-focus-header': focusColor(color, backgroundColors(chrome.headerBg)),
    '--wb-focus-sider': focusColor(color, backgroundColors(chrome.siderBg)),
  };
}
