import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrast } from '@wb/resource-ui/contrast';
import { readableTokens } from '@wb/resource-ui/readable-tokens';
import { defaultReadableTokens } from './default-tokens';
import { themeConfig } from './theme-scope';
import { PRESET_COLORS, THEME_KEYS, THEMES } from './themes';

/** An `rgba(r,g,b,a)` text colour as it shows over a solid background. */
function over(rgba: string, background: string): string {
  const [r, g, b, a] = rgba.match(/[\d.]+/g)!.map(Number);
  const bg = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16));
  return `#${[r, g, b]
    .map((v, i) =>
      Math.round(v * a + bg[i] * (1 - a))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

describe('readable tokens', () => {
  for (const key of THEME_KEYS) {
    const chrome = THEMES[key];
    const surfaces = chrome.dark ? ['#141414', '#1f1f1f', chrome.bodyBg] : ['#ffffff', chrome.bodyBg];

    it(`keeps every offered colour readable on the ${key} theme, as antd derives it`, () => {
      for (const color of [...PRESET_COLORS, '#ffe58f', '#003a8c']) {
        const config = themeConfig(chrome, color);
        const token = theme.getDesignToken(config);
        const { Button: button, Tabs: tabs, Menu: menu, Badge: badge } = config.components!;
        for (const surface of surfaces) {
          const where = `${color} on ${surface}`;
          const texts = [token.colorLink, token.colorLinkHover, token.colorLinkActive, token.colorPrimaryText, token.colorError, tabs!.colorPrimary!];
          for (const text of texts) expect(contrast(text, surface), `${where}: ${text}`).toBeGreaterThanOrEqual(4.5);
          expect(contrast(token.colorPrimary, surface), `${where}: UI parts`).toBeGreaterThanOrEqual(3);
          for (const grey of [token.colorTextDescription, token.colorTextTertiary]) expect(contrast(over(grey, surface), surface), `${where}: ${grey}`).toBeGreaterThanOrEqual(4.5);
        }
        // labels on primary and danger buttons, on the dark menu's selected item, on the badge's count
        expect(contrast(button!.primaryColor!, button!.colorPrimary!), `${color}: primary button`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(button!.primaryColor!, button!.colorPrimaryHover!), `${color}: hovered button`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(button!.dangerColor!, token.colorError), `${color}: danger button`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(menu!.darkItemSelectedColor!, menu!.darkItemSelectedBg!), `${color}: selected item`).toBeGreaterThanOrEqual(4.5);
        expect(contrast('#ffffff', badge!.colorError!), `${color}: badge`).toBeGreaterThanOrEqual(4.5);
        // tags: a preset colour's text on its tint, a status's on its background
        for (const preset of ['green', 'orange', 'gold', 'cyan', 'red'] as const)
          expect(contrast(token[`${preset}7`], token[`${preset}1`]), `${color}: ${preset} tag`).toBeGreaterThanOrEqual(4.5);
        const tag = config.components!.Tag!;
        for (const [status, bg] of [
          [tag.colorSuccess, token.colorSuccessBg],
          [tag.colorWarning, token.colorWarningBg],
          [tag.colorInfo, token.colorInfoBg],
          [tag.colorError, token.colorErrorBg],
        ])
          expect(contrast(status!, bg!), `${color}: status tag ${status} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('leaves a colour that already reads as it is', () => {
    expect(readableTokens('#2f54eb', THEMES.hey).token!.colorLink).toBe('#2f54eb');
    expect(readableTokens('#ffd666', THEMES.dark).token!.colorLink).toBe('#ffd666');
  });

  it('gives the stylesheet outside the layout the default theme’s shades', () => {
    const css = readFileSync(resolve(__dirname, '../../app/global.css'), 'utf8');
    const variable = (name: string) => css.match(new RegExp(`${name}: ([^;]+);`))?.[1].replace(/\s/g, '');
    // given as seeds there (no dark algorithm): antd keeps them as they are
    const token = theme.getDesignToken({ token: defaultReadableTokens().token });
    expect(variable('--wb-primary-text')).toBe(token.colorLink);
    expect(variable('--wb-text-description')).toBe(token.colorTextDescription);
    expect(token.colorError).toBe(defaultReadableTokens().token!.colorError);
  });
});
