import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * The dialogs that open by themselves (the release guide or tour of /wel/index, the latest unread
 * announcement) take turns: one holds the screen, the next opens when it is closed. Shown together,
 * the tour's mask dimmed the announcement and each hid the other's buttons (issue 31).
 */
const useTurns = create<{ holder: string | null }>(() => ({ holder: null }));

/** Whether `name`, which `wants` the screen, has it now; it is given back when it no longer wants it or unmounts. */
export function useTurn(name: string, wants: boolean): boolean {
  const holder = useTurns((s) => s.holder);
  useEffect(() => {
    if (wants && holder === null) useTurns.setState({ holder: name });
    else if (!wants && holder === name) useTurns.setState({ holder: null });
  }, [name, wants, holder]);
  useEffect(
    () => () => {
      if (useTurns.getState().holder === name) useTurns.setState({ holder: null });
    },
    [name],
  );
  return wants && holder === name;
}
