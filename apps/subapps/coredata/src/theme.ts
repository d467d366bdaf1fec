import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { SubAppTheme } from '@wb/contracts/subapp-protocol';

/** Standalone, the shell's defaults (theme-hey, DEFAULT_COLOR of apps/shell/src/shared/theme/themes.ts), so the app looks the same there. */
export const STANDALONE_LOOK: SubAppTheme = { theme: 'theme-hey', color: '#ff8642', dark: false };

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * antd's theme for the shell's look: its colour as the primary colour (buttons, links, selections)
 * and, for a dark theme, antd's dark algorithm. A colour antd cannot derive a palette from falls
 * back to the default rather than breaking every component.
 */
export function antdThemeOf(look: SubAppTheme | undefined): ThemeConfig {
  const { color, dark } = look ?? STANDALONE_LOOK;
  const primary = HEX.test(color) ? color : STANDALONE_LOOK.color;
  return { algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, token: { colorPrimary: primary, colorLink: primary } };
}
