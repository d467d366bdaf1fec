import { readableTokens } from '@wb/resource-ui/readable-tokens';
import { DEFAULT_COLOR, DEFAULT_THEME, THEMES, themeKeyOf } from './themes';

/** The default theme's readable tokens, for what is drawn before (or outside) the signed-in layout: the login, the status documents. */
export const defaultReadableTokens = () => readableTokens(DEFAULT_COLOR, THEMES[themeKeyOf(DEFAULT_THEME)]);
