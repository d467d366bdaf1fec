/**
 * What jsdom lacks and antd asks for. Only in the DOM environment: the pure
 * tests run in node.
 */
if (typeof window !== 'undefined') {
  // antd's responsive grid and ProTable's search form watch media queries.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  // jsdom does not implement getComputedStyle with a pseudo-element (antd's Modal measures the scrollbar with one).
  const computedStyleOf = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyleOf(element);
}

export {};
