import { describe, expect, it } from 'vitest';
import { contrast } from '@wb/resource-ui/contrast';
import { PRESET_COLORS, THEME_KEYS, THEMES } from '../../shared/theme/themes';
import { backgroundColors, FOCUS_RATIO, focusColor, focusRingVariables } from './focus-ring';

describe('focus ring colours', () => {
  it('reads the colours of a background and the stops of a gradient', () => {
    expect(backgroundColors('#1f2a44')).toEqual(['#1f2a44']);
    expect(backgroundColors('linear-gradient(90deg, #6a3de8 0%, #B83AD8 45%, #fff 100%)')).toEqual(['#6a3de8', '#B83AD8', '#fff']);
    expect(backgroundColors('transparent')).toEqual([]);
  });

  it('keeps the brand colour where it stands out, a darker shade of it on white', () => {
    // #ff8642 on the default (hey) header, dark navy: enough as it is
    expect(focusColor('#ff8642', ['#1f2a44'])).toBe('#ff8642');
    const onWhite = focusColor('#ff8642', ['#ffffff', '#f0f2f5']);
    expect(onWhite).not.toBe('#ff8642');
    expect(contrast(onWhite, '#ffffff')).toBeGreaterThanOrEqual(FOCUS_RATIO);
    expect(contrast(onWhite, '#f0f2f5')).toBeGreaterThanOrEqual(FOCUS_RATIO);
  });

  it('stands out 3:1 from every background, in every theme and for every offered colour', () => {
    for (const key of THEME_KEYS) {
      const chrome = THEMES[key];
      const surface = chrome.dark ? '#1f1f1f' : '#ffffff';
      for (const color of [...PRESET_COLORS, '#ffff00', '#000000', '#ffffff', '#808080']) {
        const vars = focusRingVariables(color, chrome);
        const cases: [string, string[]][] = [
          [vars['--wb-focus'], [surface, ...backgroundColors(chrome.bodyBg)]],
          [vars['--wb-focus-header'], backgroundColors(chrome.headerBg)],
          [vars['--wb-focus-sider'], backgroundColors(chrome.siderBg)],
        ];
        for (const [ring, grounds] of cases) {
          // a gradient no single colour reaches 3:1 on every stop of takes the best of black and white
          const best = Math.max(...['#000000', '#ffffff'].map((c) => Math.min(...grounds.map((g) => contrast(c, g)))));
          const least = Math.min(...grounds.map((g) => contrast(ring, g)));
          expect(least, `${key} ${color} ${ring} on ${grounds.join(',')}`).toBeGreaterThanOrEqual(Math.min(FOCUS_RATIO, best));
        }
      }
    }
  });
});
