import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/request';

/** A header link of the business-systems dropdown. */
export interface HeaderLink {
  id: string;
  name: string;
  /** may hold `${field}` placeholders */
  url: string;
  /** comma-joined project ids the link is limited to; '' for every project */
  projectIds: string;
}

/** GET /us-system/business-system-ext/menu-list?projectId=: the server leaves out links limited to other projects. */
export function headerLinksQuery(projectId: string | undefined) {
  return queryOptions({
    queryKey: ['header-links', projectId ?? ''],
    queryFn: async () => (await http.get<HeaderLink[] | null>('/us-system/business-system-ext/menu-list', projectId ? { projectId } : undefined, { silent: true })) ?? [],
    staleTime: 5 * 60_000,
  });
}

/** The same rule on this side, so a stale or older server answer cannot show a link of another project. */
export function visibleLinks(links: HeaderLink[], projectId: string | undefined): HeaderLink[] {
  return links.filter((link) => !link.projectIds || (!!projectId && link.projectIds.split(',').includes(projectId)));
}
