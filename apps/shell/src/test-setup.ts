/**
 * jsdom does not implement getComputedStyle with a pseudo-element; antd's
 * Modal asks for one to measure the scrollbar and jsdom prints an error.
 * The element's own style is a fine answer in tests.
 */
const computedStyleOf = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyleOf(element);

export {};

// Components of the signed-in shell read texts that the layout chunk registers.
await import('./shared/i18n/shell-texts');
