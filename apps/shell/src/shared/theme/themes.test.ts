import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COLOR, DEFAULT_THEME, THEME_KEYS, THEMES, themeKeyOf, validColor } from './themes';

describe('themes', () => {
  it('offers the eleven themes of the spec, theme-hey and #ff8642 by default', () => {
    expect(THEME_KEYS).toEqual(['default', 'white', 'dark', 'colourful', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte']);
    expect(Object.keys(THEMES)).toHaveLength(11);
    expect(DEFAULT_THEME).toBe('theme-hey');
    expect(DEFAULT_COLOR).toBe('#ff8642');
  });

  it('uses the dark algorithm only for the dark theme', () => {
    expect(THEME_KEYS.filter((k) => THEMES[k].dark)).toEqual(['dark']);
  });

  it('reads unknown stored names and colours as the defaults', () => {
    expect(themeKeyOf('theme-dark')).toBe('dark');
    expect(themeKeyOf('theme-nope')).toBe('hey');
    expect(themeKeyOf(undefined)).toBe('hey');
    expect(validColor('#1677ff')).toBe('#1677ff');
    expect(validColor('red;background:url(x)')).toBe(DEFAULT_COLOR);
  });
});

describe('theme store', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('persists the theme and the colour per browser', async () => {
    const first = (await import('./theme-store')).useTheme;
    expect(first.getState()).toMatchObject({ themeName: 'theme-hey', color: '#ff8642' });
    first.getState().setTheme('theme-dark');
    first.getState().setColor('#1677ff');
    vi.resetModules();
    const second = (await import('./theme-store')).useTheme;
    expect(second.getState()).toMatchObject({ themeName: 'theme-dark', color: '#1677ff' });
  });
});
