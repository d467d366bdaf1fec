/**
 * Which top menus fit the header's row, in their order: as many as fit from the
 * first, the rest behind '…'; when the selected one would be behind '…' it takes
 * the place of the last ones shown, so the section the user is in is always named.
 * `widths` are the items' widths (the home item first, always shown), `more` the
 * width of the '…' item. Pure, so it is unit-tested.
 */
export function fitTopMenus(widths: number[], available: number, more: number, selected: number): number[] {
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (total <= available) return widths.map((_, i) => i);
  const room = available - more;
  const shown: number[] = [];
  let used = 0;
  for (let i = 0; i < widths.length; i++) {
    if (i > 0 && used + widths[i] > room) break;
    shown.push(i);
    used += widths[i];
  }
  if (selected > 0 && !shown.includes(selected)) {
    while (shown.length > 1 && used + widths[selected] > room) used -= widths[shown.pop()!];
    shown.push(selected);
  }
  return shown;
}
