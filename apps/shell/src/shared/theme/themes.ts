/**
 * The eleven themes of the top bar's theme picker. A theme is a class on the layout
 * (`theme-hey`) and a set of chrome colours: the header, the sidebar and the
 * page background; `dark` also switches antd to its dark algorithm. The primary
 * colour is separate (the colour picker), so any theme works with any colour.
 */
export const THEME_KEYS = ['default', 'white', 'dark', 'colourful', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'] as const;
export type ThemeKey = (typeof THEME_KEYS)[number];
export type ThemeName = `theme-${ThemeKey}`;

export interface ThemeChrome {
  /** CSS background of the header (a colour or a gradient) */
  headerBg: string;
  headerFg: string;
  /** the header menu uses antd's dark menu on a dark header */
  headerDark: boolean;
  siderBg: string;
  siderDark: boolean;
  /** background behind the pages */
  bodyBg: string;
  /** antd dark algorithm for every component */
  dark: boolean;
}

export const THEMES: Record<ThemeKey, ThemeChrome> = {
  default: { headerBg: '#ffffff', headerFg: 'rgba(0,0,0,0.85)', headerDark: false, siderBg: '#20222a', siderDark: true, bodyBg: '#f0f2f5', dark: false },
  white: { headerBg: '#ffffff', headerFg: 'rgba(0,0,0,0.85)', headerDark: false, siderBg: '#ffffff', siderDark: false, bodyBg: '#f5f7fa', dark: false },
  dark: { headerBg: '#141414', headerFg: 'rgba(255,255,255,0.85)', headerDark: true, siderBg: '#141414', siderDark: true, bodyBg: '#000000', dark: true },
  colourful: {
    headerBg: 'linear-gradient(90deg, #6a3de8 0%, #b83ad8 45%, #ff6a88 100%)',
    headerFg: '#ffffff',
    headerDark: true,
    siderBg: '#2b1d5c',
    siderDark: true,
    bodyBg: '#f3f0fb',
    dark: false,
  },
  smart: { headerBg: '#1f6fd8', headerFg: '#ffffff', headerDark: true, siderBg: '#0d2a52', siderDark: true, bodyBg: '#eef3f9', dark: false },
  iview: { headerBg: '#ffffff', headerFg: '#515a6e', headerDark: false, siderBg: '#515a6e', siderDark: true, bodyBg: '#f5f7f9', dark: false },
  vip: { headerBg: '#1b1b1b', headerFg: '#e6c88a', headerDark: true, siderBg: '#262626', siderDark: true, bodyBg: '#f4f1ea', dark: false },
  cool: { headerBg: 'linear-gradient(90deg, #0f9b8e 0%, #2bc0e4 100%)', headerFg: '#ffffff', headerDark: true, siderBg: '#0e3d4a', siderDark: true, bodyBg: '#eef7f8', dark: false },
  d2: { headerBg: '#ebf1f6', headerFg: '#2f3d4c', headerDark: false, siderBg: '#ebf1f6', siderDark: false, bodyBg: '#f8fafc', dark: false },
  hey: { headerBg: '#1f2a44', headerFg: '#ffffff', headerDark: true, siderBg: '#ffffff', siderDark: false, bodyBg: '#f0f2f5', dark: false },
  lte: { headerBg: '#3c8dbc', headerFg: '#ffffff', headerDark: true, siderBg: '#222d32', siderDark: true, bodyBg: '#ecf0f5', dark: false },
};

/** Defaults: theme theme-hey, colour #ff8642. */
export const DEFAULT_THEME: ThemeName = 'theme-hey';
export const DEFAULT_COLOR = '#ff8642';
/** Swatches offered beside the free colour picker. */
export const PRESET_COLORS = ['#ff8642', '#1677ff', '#409eff', '#13c2c2', '#52c41a', '#faad14', '#f5222d', '#eb2f96', '#722ed1', '#2f54eb'];

export function themeKeyOf(name: string | undefined): ThemeKey {
  const key = (name ?? '').replace(/^theme-/, '');
  return (THEME_KEYS as readonly string[]).includes(key) ? (key as ThemeKey) : 'hey';
}

/** A stored colour is used only when it is a hex colour antd can derive a palette from. */
export function validColor(value: string | undefined): string {
  return value && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : DEFAULT_COLOR;
}
