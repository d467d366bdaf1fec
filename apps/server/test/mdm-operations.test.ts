import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, type AnyResourceDef } from '@wb/contracts/resource';
import { resources as operations } from '@wb/contracts/resources/mdm-operations';
import { as, testApp, type TestApp } from './helper';
import { importsOf, readBook, rowsOf } from './support/imports';

/**
 * The master data of the work on site (facility, grid, iot, jobLocation, mdmUser): their lists
 * as the coredata pages ask for them (by the picked projects), their writes and the references
 * they hold, what is refused and why, and their exports and imports through the download and
 * upload centres.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
let other: Awaited<ReturnType<typeof as>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON, read field by field
type Rec = Record<string, any>;
const MDM = '/wwy-us-mdm/api/v1';

const call = (who: typeof admin, method: InjectOptions['method'], url: string, payload?: object, query?: Record<string, string>) =>
  who.call({ method, url, payload, query }).then((r) => ({ status: r.statusCode, ...(r.json() as { msg: string; data: Rec; success: boolean }) }));
const list = async (path: string, query: Record<string, string> = {}, who = admin) => (await call(who, 'GET', `${MDM}/${path}/list`, undefined, { size: '100', ...query })).data;
const submit = (path: string, body: object, who = admin) => call(who, 'POST', `${MDM}/${path}/submit`, body);
const remove = (path: string, ids: string) => call(admin, 'POST', `${MDM}/${path}/remove`, undefined, { ids });

/** Tenant 000000's projects, grids and facilities by name; companies too. */
const ids: Record<string, Map<string, string>> = {};
const id = (kind: string, name: string) => {
  const found = ids[kind].get(name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};

beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
  other = await as(t.app, 'admin', '100001');
  for (const kind of ['company', 'project', 'grid', 'facility', 'user']) {
    ids[kind] = new Map((await list(kind)).records.map((r: Rec) => [r.name, r.id]));
  }
});
afterAll(() => t.close());

/** A valid new record of each, with its references; `n` keeps codes apart. */
function sample(def: AnyResourceDef, n: number, project = '深圳湾科技园'): Rec {
  const base = { projectId: id('project', project) };
  switch (def.name) {
    case 'mdmUser':
      return { ...base, name: `测试人员${n}`, jobNo: `T${n}`, phone: `1350000${String(n).padStart(4, '0')}`, companyId: id('company', '城市服务集团'), postType: '3', workStatus: '1' };
    case 'grid':
      return { ...base, name: `测试网格${n}`, code: `T-G${n}`, gridType: '1', regionCode: '440305007', area: 5000, managerId: id('user', '李娜') };
    case 'facility':
      return { ...base, name: `测试设施${n}`, code: `T-F${n}`, facilityType: '2', managerId: id('user', '王强'), address: '科苑路 1 号' };
    case 'jobLocation':
      return { ...base, name: `测试点位${n}`, code: `T-P${n}`, pointType: '1', gridId: id('grid', '深圳湾A区网格'), longitude: '113.95', latitude: '22.54' };
    case 'iot':
      return { ...base, name: `测试设备${n}`, deviceCode: `T-D${n}`, deviceType: '2', facilityId: id('facility', '科技园北区公厕'), protocol: '1' };
  }
  throw new Error(def.name);
}
const segment = (def: AnyResourceDef) => def.basePath.slice(MDM.length + 1);

describe('the seeded master data', () => {
  it('each tenant has its own people, grids, facilities, job locations and devices, filtered by the picked projects', async () => {
    for (const def of operations) {
      const mine = (await list(segment(def))).records as Rec[];
      const theirs = (await list(segment(def), {}, other)).records as Rec[];
      expect(mine.length, def.name).toBeGreaterThan(0);
      expect(theirs.length, def.name).toBeGreaterThan(0);
      expect(mine.filter((r) => theirs.some((x) => x.id === r.id))).toEqual([]);
      expect(theirs.every((r) => r.tenantId === '100001')).toBe(true);
    }
    const bay = id('project', '深圳湾科技园');
    const qianhai = id('project', '前海国际中心');
    expect((await list('grid', { projectId: bay })).records.map((r: Rec) => r.name)).toEqual(['深圳湾B区网格', '深圳湾A区网格']);
    expect((await list('facility', { projectId: `${bay},${qianhai}` })).total).toBe(3);
    // a node of the picker that stands for no project matches nothing
    expect((await list('iot', { projectId: '0' })).total).toBe(0);
    const [toilet] = (await list('facility', { code: 'SZW-F01' })).records;
    expect(toilet).toMatchObject({ projectId: bay, companyId: id('company', '城市服务集团'), facilityType: '1', inService: 1 });
  });
});

describe('add, edit and remove', () => {
  for (const [i, def] of operations.entries()) {
    it(`${def.name}: added with its references, edited, removed`, async () => {
      const body = sample(def, 100 + i);
      const added = await submit(segment(def), body);
      expect(added, JSON.stringify(added)).toMatchObject({ status: 200, msg: '新增成功' });
      expect(added.data).toMatchObject({ ...body, tenantId: '000000' });
      const label = def.labelField!;
      // the form sends the whole record back
      const edited = await submit(segment(def), { ...added.data, [label]: `${body[label]}改` });
      expect(edited).toMatchObject({ status: 200, msg: '更新成功', data: { [label]: `${body[label]}改`, projectId: body.projectId } });
      expect((await call(admin, 'GET', `${MDM}/${segment(def)}/detail`, undefined, { id: added.data.id })).data[label]).toBe(`${body[label]}改`);
      expect(await remove(segment(def), added.data.id)).toMatchObject({ status: 200, msg: '删除成功' });
      expect((await call(admin, 'GET', `${MDM}/${segment(def)}/detail`, undefined, { id: added.data.id })).status).toBe(404);
    });
  }

  it('the unique code is unique within the tenant, not across tenants', async () => {
    const first = await submit('iot', sample(operations[2], 200));
    expect(first.msg).toBe('新增成功');
    expect(await submit('iot', { ...sample(operations[2], 201), deviceCode: 'T-D200' })).toMatchObject({ status: 400, msg: '设备编号已存在', data: { field: 'deviceCode' } });
    const [theirProject] = (await list('project', {}, other)).records;
    const theirs = await submit('iot', { name: '同号设备', deviceCode: 'T-D200', deviceType: '1', protocol: '2', projectId: theirProject.id }, other);
    expect(theirs.msg).toBe('新增成功');
  });
});

describe('references', () => {
  it("a ref to another tenant's project is refused by each, naming projectId", async () => {
    const [theirProject] = (await list('project', {}, other)).records;
    for (const [i, def] of operations.entries()) {
      const res = await submit(segment(def), { ...sample(def, 300 + i), projectId: theirProject.id });
      expect(res, def.name).toMatchObject({ status: 400, msg: '所属项目不存在', data: { field: 'projectId' } });
    }
    // and to their grid, facility, person and supplier
    const theirGrid = (await list('grid', {}, other)).records[0].id;
    const theirFacility = (await list('facility', {}, other)).records[0].id;
    const theirPerson = (await list('user', {}, other)).records[0].id;
    const theirSupplier = (await call(other, 'GET', `${MDM}/supplier/select`)).data[0].id;
    expect((await submit('job-location', { ...sample(operations[3], 310), gridId: theirGrid })).data).toEqual({ field: 'gridId' });
    expect((await submit('iot', { ...sample(operations[2], 311), facilityId: theirFacility })).data).toEqual({ field: 'facilityId' });
    expect((await submit('iot', { ...sample(operations[2], 312), supplierId: theirSupplier })).data).toEqual({ field: 'supplierId' });
    expect((await submit('grid', { ...sample(operations[1], 313), managerId: theirPerson })).data).toEqual({ field: 'managerId' });
  });

  it('a job location’s grid and a device’s facility are of its project; a person’s project is of their company', async () => {
    const qianhai = '前海国际中心';
    const wrongGrid = await submit('job-location', { ...sample(operations[3], 320, qianhai) });
    expect(wrongGrid).toMatchObject({ status: 400, msg: '所属网格不属于所属项目', data: { field: 'gridId' } });
    expect((await submit('job-location', { ...sample(operations[3], 321, qianhai), gridId: id('grid', '前海一号网格') })).msg).toBe('新增成功');
    const wrongFacility = await submit('iot', sample(operations[2], 322, qianhai));
    expect(wrongFacility).toMatchObject({ status: 400, msg: '所在设施不属于所属项目', data: { field: 'facilityId' } });
    expect((await submit('iot', { ...sample(operations[2], 323, qianhai), facilityId: '' })).msg).toBe('新增成功');
    const otherCompany = await submit('user', { ...sample(operations[4], 324), projectId: id('project', '陆家嘴金融城') });
    expect(otherCompany).toMatchObject({ status: 400, msg: '所属项目不属于所属公司', data: { field: 'projectId' } });
    // company staff: on no project
    expect((await submit('user', { ...sample(operations[4], 325), projectId: '' })).data.projectId).toBe('');
    // an edit that changes only the company is checked against the stored project
    const person = (await list('user', { jobNo: 'E0001' })).records[0];
    expect((await submit('user', { ...person, companyId: id('company', '物业运营公司') })).data).toEqual({ field: 'projectId' });
  });

  it("a facility's company is its project's, whatever is sent", async () => {
    const added = await submit('facility', { ...sample(operations[0], 330, '陆家嘴金融城'), companyId: id('company', '城市服务集团') });
    expect(added.data.companyId).toBe(id('company', '物业运营公司'));
    const moved = await submit('facility', { ...added.data, projectId: id('project', '深圳湾科技园') });
    expect(moved.data.companyId).toBe(id('company', '城市服务集团'));
    expect((await list('facility', { companyId: id('company', '物业运营公司') })).records.map((r: Rec) => r.code)).toEqual(['LJZ-F01']);
  });

  it('a grid with job locations keeps its project and cannot be removed; nor can a person who leads one', async () => {
    const grid = (await list('grid', { code: 'SZW-G01' })).records[0];
    const moved = await submit('grid', { ...grid, projectId: id('project', '前海国际中心') });
    expect(moved).toMatchObject({ status: 400, msg: '网格下已有作业点位, 不能更换所属项目', data: { field: 'projectId' } });
    expect(await remove('grid', grid.id)).toMatchObject({ status: 400, msg: '网格管理已被作业点位使用(所属网格), 不能删除' });
    const facility = (await list('facility', { code: 'SZW-F02' })).records[0];
    expect((await submit('facility', { ...facility, projectId: id('project', '前海国际中心') })).data).toEqual({ field: 'projectId' });
    const leader = (await list('user', { jobNo: 'E0002' })).records[0];
    expect((await remove('user', leader.id)).msg).toBe('人员管理已被网格管理使用(网格长), 不能删除');
    // an edit that keeps the project is an edit
    expect((await submit('grid', { ...grid, remark: '主干道两侧' })).msg).toBe('更新成功');
  });
});

describe('bad input', () => {
  it('answers 400 naming the field', async () => {
    const bad = async (path: string, body: object, field: string, msg?: string) => {
      const res = await submit(path, body);
      expect(res.status, JSON.stringify(res)).toBe(400);
      expect(res.data).toEqual({ field });
      if (msg) expect(res.msg).toBe(msg);
    };
    const person = sample(operations[4], 400);
    await bad('user', { ...person, phone: '1380013800' }, 'phone', '手机号码长度不为11位');
    await bad('user', { ...person, phone: '23800138000' }, 'phone', '手机号码格式不正确');
    await bad('user', { ...person, phone: '138001380001' }, 'phone');
    await bad('user', { ...person, name: '' }, 'name', '请输入姓名');
    await bad('user', { ...person, postType: '99' }, 'postType');
    const { name: _omitted, ...nameless } = sample(operations[0], 401);
    await bad('facility', nameless, 'name', '请输入设施名称');
    await bad('facility', { ...sample(operations[0], 402), facilityType: '' }, 'facilityType');
    await bad('grid', { ...sample(operations[1], 403), area: -5 }, 'area');
    await bad('grid', { ...sample(operations[1], 404), regionCode: '999999' }, 'regionCode', '所属区划不存在');
    await bad('job-location', { ...sample(operations[3], 405), longitude: '200' }, 'longitude', '经度须为 -180 到 180 之间的数字');
    await bad('job-location', { ...sample(operations[3], 406), latitude: '北纬22' }, 'latitude', '纬度须为 -90 到 90 之间的数字');
    await bad('iot', { ...sample(operations[2], 407), inService: 2 }, 'inService');
    await bad('iot', { ...sample(operations[2], 408), projectId: 'abc' }, 'projectId');
    const unknown = await admin.call({ method: 'GET', url: `${MDM}/grid/list`, query: { nosuch: '1' } });
    expect(unknown.json()).toMatchObject({ code: 400, data: { field: 'nosuch' } });
  });
});

describe('subscription', () => {
  it("an IoT device counts with the project's vehicles against its package's devices", async () => {
    const futian = id('project', '福田中心区');
    const [p] = (await list('project', { ids: futian })).records;
    const pkg = {
      packageName: '福田套餐',
      companyId: p.companyId,
      projectId: futian,
      type: 2,
      accountNum: -1,
      userNum: -1,
      deviceNum: 2,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
    };
    expect((await call(admin, 'POST', `${MDM}/subscribe-package/submit`, pkg)).msg).toBe('新增成功');
    expect((await call(admin, 'POST', `${MDM}/vehicle/submit`, { plateNo: '粤B50001', vehicleType: '1', projectId: futian })).msg).toBe('新增成功');
    expect((await submit('iot', { ...sample(operations[2], 500, '福田中心区'), facilityId: '' })).msg).toBe('新增成功');
    const third = await submit('iot', { ...sample(operations[2], 501, '福田中心区'), facilityId: '' });
    expect(third).toMatchObject({ status: 400, msg: '项目「福田中心区」的订阅套餐最多 2 台设备, 已达上限', data: { field: 'projectId' } });
    const vehicle = await call(admin, 'POST', `${MDM}/vehicle/submit`, { plateNo: '粤B50002', vehicleType: '1', projectId: futian });
    expect(vehicle.data).toEqual({ field: 'projectId' });
  });
});

describe('the download and upload centres', () => {
  it("exports the picked projects' devices as a job of the download centre, names instead of ids", async () => {
    const bay = id('project', '深圳湾科技园');
    const started = await call(admin, 'POST', `${MDM}/iot/export-job`, undefined, { projectId: bay, deviceCode: 'SZW-' });
    expect(started.status).toBe(200);
    let job: Rec | undefined;
    for (let i = 0; i < 200 && job?.jobStatus !== 3; i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      job = (await call(admin, 'GET', '/us-resource/base/download/downloadList', undefined, { current: '1', size: '10', projectId: '-1' })).data.records.find(
        (r: Rec) => r.id === started.data.id,
      );
    }
    expect(job).toMatchObject({ fileName: '物联设备.xlsx', jobStatus: 3, rowCount: 2 });
    const file = await t.app.inject({ method: 'GET', url: job!.fileUrl });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const [header, ...rows] = rowsOf(book.worksheets[0]);
    expect(header).toEqual(['ID', '设备名称', '设备编号', '设备类型', '所属项目', '所在设施', '供应商', '通信方式', '安装位置', '在用', '创建时间']);
    expect(rows.map((r) => r.slice(1, 10))).toEqual([
      ['转运站视频监控', 'SZW-D002', '视频监控', '深圳湾科技园', '深圳湾垃圾转运站', '深圳智联物联科技有限公司', '4G', '卸料大厅东侧', '是'],
      ['北区公厕环境监测仪', 'SZW-D001', '环境监测', '深圳湾科技园', '科技园北区公厕', '深圳智联物联科技有限公司', 'NB-IoT', '公厕入口上方', '是'],
    ]);
  });

  it('imports job locations by the names of their project and grid, each row checked as the form checks it', async () => {
    const template = await admin.call({ method: 'GET', url: `${MDM}/job-location/import-template` });
    expect(template.statusCode).toBe(200);
    expect(rowsOf((await readBook(template.rawPayload)).worksheets[0])[0]).toEqual(['ID', '点位名称', '点位编号', '点位类型', '所属项目', '所属网格', '经度', '纬度', '地址', '备注']);
    const { imported } = importsOf(() => admin.call);
    const done = await imported(`${MDM}/job-location`, '作业点位.xlsx', [
      ['点位名称', '点位编号', '点位类型', '所属项目', '所属网格', '经度', '纬度'],
      ['高新南一道清扫点', 'IMP-P01', '清扫点', '深圳湾科技园', '深圳湾B区网格', '113.9470', '22.5381'],
      ['错网格的点位', 'IMP-P02', '巡查点', '深圳湾科技园', '前海一号网格', '113.9', '22.5'],
      ['错经度的点位', 'IMP-P03', '巡查点', '前海国际中心', '前海一号网格', '东经113', '22.5'],
    ]);
    expect(done).toMatchObject({ successNum: 1, failedNum: 2 });
    expect((await list('job-location', { code: 'IMP-P01' })).records[0]).toMatchObject({ gridId: id('grid', '深圳湾B区网格'), pointType: '1' });
  });

  it('every new list, export and import is guarded by its own codes', async () => {
    const plain = await as(t.app, 'user');
    for (const def of operations) {
      for (const [method, verb] of [
        ['GET', 'list'],
        ['POST', 'export-job'],
        ['POST', 'import-job'],
      ] as const) {
        const res = await plain.call({ method, url: pathOf(def, verb) });
        expect(res.statusCode, `${def.name} ${verb}`).toBe(403);
      }
    }
  });
});
