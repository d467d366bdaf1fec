/**
 * jsdom lays nothing out, so no element is visible to `canTakeFocus`. Tests call this to count an
 * element visible unless it or an ancestor is `display: none` (inline style); it answers the undo.
 */
export function pretendLayout(): () => void {
  const proto = HTMLElement.prototype as Omit<HTMLElement, 'checkVisibility'> & { checkVisibility?: (this: HTMLElement) => boolean };
  const before = Object.getOwnPropertyDescriptor(proto, 'checkVisibility');
  proto.checkVisibility = function (this: HTMLElement) {
    return !this.closest('[style*="display: none"]');
  };
  return () => {
    if (before) Object.defineProperty(proto, 'checkVisibility', before);
    else delete proto.checkVisibility;
  };
}
