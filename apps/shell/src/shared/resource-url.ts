/** Addresses the server hands out (an uploaded avatar, a project logo) are relative to the API host; show them from there. */
export function resourceUrl(link: string, apiBase: string): string {
  if (!link || /^(https?:)?\/\//i.test(link) || link.startsWith('data:')) return link;
  return `${apiBase.replace(/\/+$/, '')}${link.startsWith('/') ? '' : '/'}${link}`;
}
