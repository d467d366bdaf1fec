import type { SubAppTheme } from '@wb/contracts/subapp-protocol';
import { useTheme } from '../../shared/theme/theme-store';
import { THEMES, themeKeyOf } from '../../shared/theme/themes';

/** The shell's theme as the sub-apps follow it: its name, the primary colour and whether it is dark (antd's dark algorithm). */
export function shellLook(): SubAppTheme {
  const { themeName, color } = useTheme.getState();
  return { theme: themeName, color, dark: THEMES[themeKeyOf(themeName)].dark };
}

/** Calls `send` with the new look whenever the user picks another theme or colour; answers the unsubscribe. */
export function onShellLookChange(send: (look: SubAppTheme) => void): () => void {
  return useTheme.subscribe((now, before) => {
    if (now.themeName !== before.themeName || now.color !== before.color) send(shellLook());
  });
}
