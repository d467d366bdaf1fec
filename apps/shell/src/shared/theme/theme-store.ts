import { create } from 'zustand';
import { getStore, setStore } from '../storage';
import { COLOR_STORE_NAME, THEME_STORE_NAME } from '../storage-names';
import { DEFAULT_COLOR, themeKeyOf, validColor, type ThemeName } from './themes';

interface ThemeState {
  themeName: ThemeName;
  color: string;
  setTheme(name: ThemeName): void;
  setColor(color: string): void;
}

export const useTheme = create<ThemeState>()((set) => ({
  themeName: `theme-${themeKeyOf(getStore<string>(THEME_STORE_NAME))}`,
  color: validColor(getStore<string>(COLOR_STORE_NAME) ?? DEFAULT_COLOR),
  setTheme: (themeName) => {
    setStore(THEME_STORE_NAME, themeName);
    set({ themeName });
  },
  setColor: (value) => {
    const color = validColor(value);
    setStore(COLOR_STORE_NAME, color);
    set({ color });
  },
}));
