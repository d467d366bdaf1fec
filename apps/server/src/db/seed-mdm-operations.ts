import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { company, facility, grid, iotDevice, jobLocation, mdmUser, project, supplier } from './schema/index';

/**
 * Demo master data of the work on site, per tenant: a few suppliers, people, grids, facilities,
 * job locations and IoT devices on some of the projects the seed made (by name). The projects
 * with subscription limits in the tests (福田中心区, 琶洲互联网区 …) are left without devices.
 */
interface TenantSite {
  suppliers: { name: string; code: string; contact: string; phone: string }[];
  /** [name, jobNo, phone, gender, company, project ('' none), postType] */
  people: [string, string, string, string, string, string, string][];
  /** [name, code, gridType, project, regionCode, area m², manager's jobNo] */
  grids: [string, string, string, string, string, number, string][];
  /** [name, code, facilityType, project, manager's jobNo, address] */
  facilities: [string, string, string, string, string, string][];
  /** [name, code, pointType, grid code, longitude, latitude] */
  locations: [string, string, string, string, string, string][];
  /** [name, deviceCode, deviceType, facility code, supplier code, protocol, location] */
  devices: [string, string, string, string, string, string, string][];
}

const sites: Record<string, TenantSite> = {
  '000000': {
    suppliers: [
      { name: '深圳智联物联科技有限公司', code: '91440300MA5F000001', contact: '黄工', phone: '0755-86001234' },
      { name: '广州净城环境服务有限公司', code: '91440101MA5C000002', contact: '林经理', phone: '020-38001234' },
    ],
    people: [
      ['张伟', 'E0001', '13800138001', '1', '城市服务集团', '深圳湾科技园', '1'],
      ['李娜', 'E0002', '13800138002', '2', '城市服务集团', '深圳湾科技园', '2'],
      ['王强', 'E0003', '13800138003', '1', '城市服务集团', '深圳湾科技园', '3'],
      ['陈静', 'E0004', '13800138004', '2', '城市服务集团', '前海国际中心', '5'],
      ['刘洋', 'E0005', '13800138005', '1', '城市服务集团', '', '6'],
      ['赵敏', 'E0101', '13900139001', '2', '物业运营公司', '陆家嘴金融城', '1'],
    ],
    grids: [
      ['深圳湾A区网格', 'SZW-G01', '1', '深圳湾科技园', '440305007', 120000, 'E0002'],
      ['深圳湾B区网格', 'SZW-G02', '4', '深圳湾科技园', '440305007', 86000, 'E0002'],
      ['前海一号网格', 'QH-G01', '3', '前海国际中心', '440305001', 64000, 'E0004'],
      ['陆家嘴中心网格', 'LJZ-G01', '4', '陆家嘴金融城', '310115002', 150000, 'E0101'],
    ],
    facilities: [
      ['科技园北区公厕', 'SZW-F01', '1', '深圳湾科技园', 'E0003', '深圳市南山区高新北六道 12 号'],
      ['深圳湾垃圾转运站', 'SZW-F02', '2', '深圳湾科技园', 'E0001', '深圳市南山区科苑南路 3099 号'],
      ['前海一号配电房', 'QH-F01', '5', '前海国际中心', 'E0004', '深圳市南山区前海大道 1 号'],
      ['陆家嘴滨江公厕', 'LJZ-F01', '1', '陆家嘴金融城', 'E0101', '上海市浦东新区滨江大道 2967 号'],
    ],
    locations: [
      ['科技园南路清扫点', 'SZW-P01', '1', 'SZW-G01', '113.946512', '22.540503'],
      ['软件产业基地收集点', 'SZW-P02', '2', 'SZW-G02', '113.939821', '22.524036'],
      ['前海石公园巡查点', 'QH-P01', '3', 'QH-G01', '113.892204', '22.531817'],
      ['陆家嘴环路绿化点', 'LJZ-P01', '4', 'LJZ-G01', '121.505517', '31.239702'],
    ],
    devices: [
      ['北区公厕环境监测仪', 'SZW-D001', '2', 'SZW-F01', '91440300MA5F000001', '1', '公厕入口上方'],
      ['转运站视频监控', 'SZW-D002', '1', 'SZW-F02', '91440300MA5F000001', '2', '卸料大厅东侧'],
      ['前海配电房智能电表', 'QH-D001', '5', 'QH-F01', '91440300MA5F000001', '3', '低压柜 2 号'],
      ['滨江公厕烟感', 'LJZ-D001', '7', 'LJZ-F01', '91440101MA5C000002', '1', '工具间吊顶'],
    ],
  },
  '100001': {
    suppliers: [{ name: '杭州云感物联科技有限公司', code: '91330106MA2H000003', contact: '沈工', phone: '0571-87001234' }],
    people: [
      ['周杰', 'D0001', '13700137001', '1', '示范物业', '西溪园区', '1'],
      ['吴芳', 'D0002', '13700137002', '2', '示范物业', '西溪园区', '2'],
    ],
    grids: [['西溪一号网格', 'XX-G01', '4', '西溪园区', '330106001', 52000, 'D0002']],
    facilities: [['西溪园区东门公厕', 'XX-F01', '1', '西溪园区', 'D0001', '杭州市西湖区文二西路 1 号']],
    locations: [['西溪园区东门巡查点', 'XX-P01', '3', 'XX-G01', '120.076012', '30.273025']],
    devices: [['东门公厕满溢检测', 'XX-D001', '3', 'XX-F01', '91330106MA2H000003', '1', '垃圾桶盖内侧']],
  },
};

/** Inserts the tenant's demo rows, after its companies and projects; nothing for a tenant without any. */
export async function seedOperations(tx: Db, tenantId: string): Promise<void> {
  const site = sites[tenantId];
  if (!site) return;
  const byName = async (table: typeof company | typeof project) =>
    new Map((await tx.select({ id: table.id, name: table.name }).from(table).where(eq(table.tenantId, tenantId))).map((r) => [r.name, r.id]));
  const companies = await byName(company);
  const projects = await byName(project);
  const projectOf = (name: string) => projects.get(name)!;
  const ids = (rows: { id: number; code: string }[]) => new Map(rows.map((r) => [r.code, r.id]));

  const suppliers = ids(
    await tx
      .insert(supplier)
      .values(site.suppliers.map((s) => ({ tenantId, ...s })))
      .returning({ id: supplier.id, code: supplier.code }),
  );
  const people = ids(
    await tx
      .insert(mdmUser)
      .values(
        site.people.map(([name, jobNo, phone, gender, co, pr, postType]) => ({
          tenantId,
          name,
          jobNo,
          phone,
          gender,
          companyId: companies.get(co)!,
          projectId: pr ? projectOf(pr) : null,
          postType,
        })),
      )
      .returning({ id: mdmUser.id, code: mdmUser.jobNo }),
  );
  const grids = ids(
    await tx
      .insert(grid)
      .values(
        site.grids.map(([name, code, gridType, pr, regionCode, area, manager]) => ({
          tenantId,
          name,
          code,
          gridType,
          projectId: projectOf(pr),
          regionCode,
          area,
          managerId: people.get(manager)!,
        })),
      )
      .returning({ id: grid.id, code: grid.code }),
  );
  const projectCompany = new Map(
    (await tx.select({ id: project.id, companyId: project.companyId }).from(project).where(eq(project.tenantId, tenantId))).map((r) => [r.id, r.companyId]),
  );
  const facilities = await tx
    .insert(facility)
    .values(
      site.facilities.map(([name, code, facilityType, pr, manager, address]) => ({
        tenantId,
        name,
        code,
        facilityType,
        projectId: projectOf(pr),
        companyId: projectCompany.get(projectOf(pr))!,
        managerId: people.get(manager)!,
        address,
      })),
    )
    .returning({ id: facility.id, code: facility.code, projectId: facility.projectId });
  const gridProject = new Map(site.grids.map(([, code, , pr]) => [code, projectOf(pr)]));
  await tx.insert(jobLocation).values(
    site.locations.map(([name, code, pointType, gridCode, longitude, latitude]) => ({
      tenantId,
      name,
      code,
      pointType,
      projectId: gridProject.get(gridCode)!,
      gridId: grids.get(gridCode)!,
      longitude,
      latitude,
    })),
  );
  const facilityByCode = new Map(facilities.map((f) => [f.code, f]));
  await tx.insert(iotDevice).values(
    site.devices.map(([name, deviceCode, deviceType, facilityCode, supplierCode, protocol, location]) => ({
      tenantId,
      name,
      deviceCode,
      deviceType,
      projectId: facilityByCode.get(facilityCode)!.projectId,
      facilityId: facilityByCode.get(facilityCode)!.id,
      supplierId: suppliers.get(supplierCode)!,
      protocol,
      location,
    })),
  );
}
