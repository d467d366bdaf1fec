import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { SubAppTheme } from '@wb/contracts/subapp-protocol';
import { laidOver, readableTokens } from '@wb/resource-ui/readable-tokens';

/** Standalone, the shell's defaults (theme-hey, DEFAULT_COLOR of apps/shell/src/shared/theme/themes.ts), so the app looks the same there. */
export const STANDALONE_LOOK: SubAppTheme = { theme: 'theme-hey', color: '#ff8642', dark: false };

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * antd's theme for the shell's look: its colour as the primary colour (buttons, links, selections)
 * in the shades of it that stay readable, as the shell draws it, and, for a dark theme, antd's dark
 * algorithm. A colour antd cannot derive a palette from falls back to the default rather than
 * breaking every component.
 */
export function antdThemeOf(look: SubAppTheme | undefined): ThemeConfig {
  const { color, dark } = look ?? STANDALONE_LOOK;
  const primary = HEX.test(color) ? color : STANDALONE_LOOK.color;
  // the page behind the lists: the shell's dark page, or antd's light layout grey
  const readable = readableTokens(primary, { dark, bodyBg: dark ? '#000000' : '#f5f5f5' });
  return { algorithm: [dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, laidOver(readable.token)], ...readable };
}
