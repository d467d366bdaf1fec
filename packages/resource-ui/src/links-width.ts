/**
 * The width of an actions column holding these links: each link's text (a
 * Chinese character is about twice a Latin one at 14px) plus the gap between
 * links and the cell's padding, so the column fits its links on one line.
 */
export function linksWidth(labels: string[]): number {
  const text = labels.reduce((sum, label) => sum + [...label].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 14 : 8), 0), 0);
  return Math.max(80, text + 8 * Math.max(0, labels.length - 1) + 34);
}
