import { pageRegistry } from './page-registry';

/**
 * Whether a path is a page of the product (the shell's own pages, the resources' generic pages),
 * whoever may open it: a user whose menus lack it is refused (403), not told it does not exist
 * (404). The catalogue is read only then, from the chunk the resource pages load anyway.
 */
export async function isKnownPage(path: string): Promise<boolean> {
  if (path in pageRegistry) return true;
  const { RESOURCES } = await import('@wb/contracts/resources/catalogue');
  return RESOURCES.some((def) => def.page?.path === path);
}
