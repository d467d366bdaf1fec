import { describe, expect, it } from 'vitest';
import { contrast, readableShade } from './contrast';

/** The shell's swatches (apps/shell/src/shared/theme/themes.ts): a spread of hues and lightnesses. */
const PRESET_COLORS = ['#ff8642', '#1677ff', '#409eff', '#13c2c2', '#52c41a', '#faad14', '#f5222d', '#eb2f96', '#722ed1', '#2f54eb'];

describe('readable shades', () => {
  it('measures as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    // the brand orange as text on white: the 2.4:1
    expect(contrast('#ff8642', '#ffffff')).toBeCloseTo(2.4, 1);
  });

  it('darkens every offered colour just enough on light backgrounds, lightens on dark ones', () => {
    for (const color of PRESET_COLORS) {
      const light = readableShade(color, ['#ffffff', '#f0f2f5']);
      expect(contrast(light, '#ffffff'), color).toBeGreaterThanOrEqual(4.5);
      // the nearest such shade: the darker background just reached, or the colour itself
      if (contrast(color, '#f0f2f5') < 4.5) expect(contrast(light, '#f0f2f5'), color).toBeLessThan(4.6);
      else expect(light).toBe(color);
      const dark = readableShade(color, ['#141414', '#000000']);
      expect(contrast(dark, '#141414'), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves a colour that is readable already as it is', () => {
    expect(readableShade('#1f1f1f', ['#ffffff'])).toBe('#1f1f1f');
  });
});
