/** The width of a text at 14px: a Chinese character is about twice a Latin one. */
const textWidth = (label: string) => [...label].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 14 : 8), 0);

/**
 * A column's width: the field's own, widened to its header's text (the cell's padding
 * and room for a sort or filter icon) so a short width set with the Chinese label in mind
 * does not cut the English one ('Loc' for 'Locked').
 */
export function columnWidth(width: number | undefined, title: string): number | undefined {
  return width === undefined ? undefined : Math.max(width, textWidth(title) + 32 + 22);
}

/**
 * The width of an actions column holding these links: each link's text plus the gap between
 * links and the cell's padding, so the column fits its links on one line. `buttons` are labels
 * of small link buttons, which also have their own padding.
 */
export function linksWidth(labels: string[], buttons: string[] = []): number {
  const all = [...labels, ...buttons];
  const text = all.reduce((sum, label) => sum + textWidth(label), 0);
  // a small link button (a page's own row action) pads its text by 7px each side
  return Math.max(80, text + 8 * Math.max(0, all.length - 1) + 14 * buttons.length + 34);
}
