/**
 * Shades of a colour that stay readable (WCAG 2.x contrast). The brand colour stays the brand;
 * text and icons drawn in it use the nearest shade of it (mixed toward black on a light
 * background, toward white on a dark one) that reaches the ratio on every background it is drawn on.
 */

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const hexOf = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.x). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const mix = (from: Rgb, to: Rgb, t: number): Rgb => from.map((v, i) => v + (to[i] - v) * t) as Rgb;

/**
 * The least change of `color` toward black (or white, on dark backgrounds) whose contrast with
 * every one of `backgrounds` is at least `ratio`; the colour itself when it already is.
 */
export function readableShade(color: string, backgrounds: readonly string[], ratio = 4.5): string {
  const reaches = (c: string) => backgrounds.every((bg) => contrast(c, bg) >= ratio);
  if (reaches(color)) return hexOf(rgbOf(color));
  const dark = backgrounds.reduce((sum, bg) => sum + luminance(bg), 0) / backgrounds.length < 0.18;
  const from = rgbOf(color);
  const to: Rgb = dark ? [255, 255, 255] : [0, 0, 0];
  let [lo, hi] = [0, 1];
  for (let i = 0; i < 20; i++) {
    const t = (lo + hi) / 2;
    if (reaches(hexOf(mix(from, to, t)))) hi = t;
    else lo = t;
  }
  return hexOf(mix(from, to, hi));
}
