import { pageRegistry } from './page-registry';

/*
 * The resource definitions' chunk (about 5 KB gzipped; the resource pages load it anyway) is asked
 * for as soon as the menu page's chunk runs: a path the menus lack must be told apart (403 or 404)
 * before the layout, finding no top menu for it, sends the user to the first page.
 */
let catalogue: Promise<typeof import('@wb/contracts/resources/catalogue')> | undefined;
const loadCatalogue = () => (catalogue ??= import('@wb/contracts/resources/catalogue'));
void loadCatalogue().catch(() => (catalogue = undefined));

/**
 * Whether a path is a page of the product (the shell's own pages, the resources' generic pages),
 * whoever may open it: a user whose menus lack it is refused (403), not told it does not exist
 * (404).
 */
export async function isKnownPage(path: string): Promise<boolean> {
  if (path in pageRegistry) return true;
  const { RESOURCES } = await loadCatalogue();
  return RESOURCES.some((def) => def.page?.path === path);
}
