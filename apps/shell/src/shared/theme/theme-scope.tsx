import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, message, theme as antdTheme, type ThemeConfig } from 'antd';
import { registerMessageApi } from '../feedback';
import { useTheme } from './theme-store';
import { laidOver, readableTokens } from '@wb/resource-ui/readable-tokens';
import { THEMES, themeKeyOf, type ThemeChrome } from './themes';

/** antd tokens for a theme and a primary colour. Pure, so the mapping is tested. */
export function themeConfig(chrome: ThemeChrome, color: string): ThemeConfig {
  const readable = readableTokens(color, chrome);
  return {
    algorithm: [chrome.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, laidOver(readable.token)],
    token: readable.token,
    components: {
      ...readable.components,
      Layout: { siderBg: chrome.siderBg, triggerBg: chrome.siderBg, bodyBg: chrome.bodyBg, headerBg: 'transparent', lightSiderBg: chrome.siderBg, lightTriggerBg: chrome.siderBg },
      Menu: {
        ...readable.components?.Menu,
        darkItemBg: chrome.siderDark ? chrome.siderBg : undefined,
        darkSubMenuItemBg: chrome.siderDark ? 'rgba(0,0,0,0.18)' : undefined,
      },
    },
  };
}

/** The CSS variables the layout's own styles (header, sidebar, tabs) read. */
export function chromeVariables(chrome: ThemeChrome, color: string): Record<string, string> {
  const { token } = readableTokens(color, chrome);
  return {
    '--wb-header-bg': chrome.headerBg,
    '--wb-header-fg': chrome.headerFg,
    '--wb-sider-bg': chrome.siderBg,
    '--wb-body-bg': chrome.bodyBg,
    '--wb-surface': chrome.dark ? '#1f1f1f' : '#ffffff',
    '--wb-border': chrome.dark ? '#303030' : '#f0f0f0',
    '--wb-primary': color,
    '--wb-primary-text': token?.colorLink ?? color,
    '--wb-text-description': token?.colorTextDescription ?? '',
  };
}

export function useCurrentTheme() {
  const themeName = useTheme((s) => s.themeName);
  const color = useTheme((s) => s.color);
  const chrome = THEMES[themeKeyOf(themeName)];
  return { themeName, color, chrome };
}

/**
 * Applies the chosen theme to everything inside (the signed-in layout, the
 * lock screen), including antd messages opened from code outside React.
 */
export function ThemeScope({ children }: { children: ReactNode }) {
  const { color, chrome } = useCurrentTheme();
  const config = useMemo(() => themeConfig(chrome, color), [chrome, color]);
  return (
    <ConfigProvider theme={config}>
      <ThemedMessages />
      {children}
    </ConfigProvider>
  );
}

function ThemedMessages() {
  const [api, holder] = message.useMessage({ maxCount: 1 });
  useEffect(() => registerMessageApi(api), [api]);
  return holder;
}
