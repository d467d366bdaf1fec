import { generate, presetPrimaryColors } from '@ant-design/colors';
import type { MappingAlgorithm, ThemeConfig } from 'antd';
import { contrast, readableShade } from './contrast';

/** antd's error colour, the seed its danger buttons, messages and badges derive from. */
const ERROR_SEED = '#ff4d4f';
/** antd's dark algorithm draws containers on these. */
const DARK_SURFACES = ['#141414', '#1f1f1f'];

/** Text drawn on a fill: white where it reads (4.5:1), otherwise near-black (antd's text on white). */
export function textOn(fill: string): string {
  return contrast('#ffffff', fill) >= 4.5 ? '#ffffff' : '#1f1f1f';
}

/** antd's palette of a colour: [0] the lightest tint (selected menu items and rows, tags), [6] a tag's text. */
const paletteOf = (color: string, dark: boolean) => generate(color, dark ? { theme: 'dark', backgroundColor: DARK_SURFACES[0] } : undefined);
const tintOf = (color: string, dark: boolean) => paletteOf(color, dark)[0];

/** Tags draw their text on their colour's tint: the preset colours' text (`green7`) and the status colours, readable there. */
function tagTokens(part: string, error: string, dark: boolean, surfaces: string[]) {
  const onTint = (text: string, seed: string) => readableShade(text, [tintOf(seed, dark), ...surfaces]);
  const presets = Object.entries(presetPrimaryColors).map(([key, seed]) => [`${key}7`, onTint(paletteOf(seed, dark)[6], seed)]);
  return {
    presets: Object.fromEntries(presets) as Record<string, string>,
    // each on the tint antd derives from the seed it is given (processing: the UI colour, error: the readable red)
    status: { colorSuccess: onTint('#52c41a', '#52c41a'), colorWarning: onTint('#faad14', '#faad14'), colorInfo: onTint(part, part), colorError: onTint(error, error) },
  };
}

/**
 * The antd tokens that keep the chosen colour readable (issue 34): the colour stays the
 * brand (the logo, the theme picker), UI parts drawn in it (checkboxes, switches, borders,
 * the tab ink) use the nearest shade reaching 3:1 on the page, and text drawn in it or on
 * it (links, selected menu items and tabs, the pagination, buttons' labels) the nearest
 * reaching 4.5:1. antd's description grey and error red are darkened (lightened on the dark
 * theme) the same way. Kept free of antd's runtime so the shell's entry chunk can use it too.
 */
export function readableTokens(color: string, page: { dark: boolean; bodyBg: string }): Pick<ThemeConfig, 'token' | 'components'> {
  const onPage = page.dark ? [...DARK_SURFACES, page.bodyBg] : ['#ffffff', page.bodyBg];
  const part = readableShade(color, onPage, 3);
  // Text also sits on the tints antd derives from the UI colour: a selected menu item or row, and
  // hovered (on the dark theme a row's fixed cells take the next, deeper tint).
  const surfaces = [...onPage, ...paletteOf(part, page.dark).slice(0, page.dark ? 3 : 2)];
  // Hovered and pressed, text goes further from the page (antd goes lighter, which would not read).
  const ink = {
    colorPrimary: readableShade(color, surfaces),
    colorPrimaryHover: readableShade(color, surfaces, 5.5),
    colorPrimaryActive: readableShade(color, surfaces, 7),
  };
  // Red is drawn on the page (a form's message, a danger button), not on the colour's tints.
  const error = readableShade(ERROR_SEED, onPage);
  // Under white text (the dark side menu's selected item, the badge's count), on every theme.
  const underWhite = (c: string) => readableShade(c, ['#ffffff']);
  const grey = page.dark ? 'rgba(255,255,255,0.55)' : 'rgba(0,0,0,0.6)';
  const tags = tagTokens(part, error, page.dark, onPage);
  return {
    token: {
      ...tags.presets,
      colorPrimary: part,
      colorInfo: part,
      colorLink: ink.colorPrimary,
      colorLinkHover: ink.colorPrimaryHover,
      colorLinkActive: ink.colorPrimaryActive,
      colorPrimaryText: ink.colorPrimary,
      colorPrimaryTextHover: ink.colorPrimaryHover,
      colorPrimaryTextActive: ink.colorPrimaryActive,
      colorError: error,
      colorTextDescription: grey,
      colorTextTertiary: grey,
    },
    components: {
      Button: { ...ink, primaryColor: textOn(ink.colorPrimary), dangerColor: textOn(error) },
      Tabs: ink,
      Pagination: ink,
      Steps: ink,
      DatePicker: ink,
      Radio: ink,
      Menu: { ...ink, darkItemSelectedBg: underWhite(color), darkItemSelectedColor: '#ffffff' },
      Badge: { colorError: underWhite(ERROR_SEED) },
      Tag: tags.status,
    },
  };
}

/**
 * An algorithm step laying the readable tokens over what the chosen algorithm derived: antd runs
 * seed tokens through the algorithm, and the dark one derives a darker red than the one given.
 */
export const laidOver =
  (tokens: ThemeConfig['token']): MappingAlgorithm =>
  (_seed, derived) => ({ ...derived!, ...tokens });
