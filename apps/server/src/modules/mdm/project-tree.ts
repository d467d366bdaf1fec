import { asc } from 'drizzle-orm';
import { ALL_OF_CITY_ID, ALL_OF_COMPANY_ID, type ProjectTreeNode } from '@wb/contracts/project';
import type { Db } from '../../db/client';
import { city, company, project } from '../../db/schema/index';
import { idStr } from '../../platform/envelope';
import { type Scope, visible } from '../../platform/scope';

/**
 * company → city → project of the scope's tenant, each level headed by its 'all' entry; with
 * `only`, just those projects and the companies and cities that hold one of them.
 */
export async function projectTree(db: Db, scope: Scope, only?: Set<number>): Promise<ProjectTreeNode[]> {
  const projects = (await db.select().from(project).where(visible(project, scope)).orderBy(asc(project.id))).filter((p) => !only || only.has(p.id));
  const companies = (await db.select().from(company).where(visible(company, scope)).orderBy(asc(company.id))).filter((c) => !only || projects.some((p) => p.companyId === c.id));
  const cities = (await db.select().from(city).where(visible(city, scope)).orderBy(asc(city.id))).filter((c) => !only || projects.some((p) => p.cityId === c.id));
  // every row is the scope's tenant's; without a company there are no nodes to label
  const tenantId = companies[0]?.tenantId ?? '';
  const node = (n: Partial<ProjectTreeNode> & Pick<ProjectTreeNode, 'id' | 'pid' | 'name'>): ProjectTreeNode => ({
    label: n.name,
    code: '',
    tririgaCode: '',
    tenantId,
    projectIds: '',
    projectCity: '',
    projectTririgaCodes: '',
    logoUrl: '',
    ...n,
  });
  const all = (id: string, pid: string, name: string, list: typeof projects, cityName = '') =>
    node({ id, pid, name, projectIds: list.map((p) => p.id).join(','), projectCity: cityName, projectTririgaCodes: list.map((p) => p.tririgaCode).join(',') });

  return companies.map((co) => {
    const ofCompany = projects.filter((p) => p.companyId === co.id);
    const cityNodes = cities
      .filter((c) => c.companyId === co.id)
      .map((c) => {
        const ofCity = ofCompany.filter((p) => p.cityId === c.id);
        return node({
          id: idStr(c.id),
          pid: idStr(co.id),
          name: c.name,
          code: c.code,
          projectCity: c.name,
          projectIds: ofCity.map((p) => p.id).join(','),
          children: [
            all(ALL_OF_CITY_ID, idStr(c.id), `全部(${c.name})`, ofCity, c.name),
            ...ofCity.map((p) =>
              node({
                id: idStr(p.id),
                pid: idStr(c.id),
                name: p.name,
                code: p.tririgaCode,
                tririgaCode: p.tririgaCode,
                projectIds: idStr(p.id),
                projectCity: c.name,
                projectTririgaCodes: p.tririgaCode,
                logoUrl: p.logoUrl,
              }),
            ),
          ],
        });
      });
    return node({
      id: idStr(co.id),
      pid: '0',
      name: co.name,
      code: co.code,
      projectIds: ofCompany.map((p) => p.id).join(','),
      children: [all(ALL_OF_COMPANY_ID, idStr(co.id), `全部(${co.name})`, ofCompany), ...cityNodes],
    });
  });
}
