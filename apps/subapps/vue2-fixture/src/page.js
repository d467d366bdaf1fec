/** A page that names itself: what the tests look for. */
export function page(title, className) {
  return { render: (h) => h('section', { class: ['vue2-page', className] }, [h('h2', title)]) };
}
