import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';

let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
const MDM = '/wwy-us-mdm/api/v1';
// a stand-in for a built sub-app, to check how the server publishes it
const subapps = mkdtempSync(join(tmpdir(), 'wb-subapps-'));
mkdirSync(join(subapps, 'demo', 'dist', 'assets'), { recursive: true });
writeFileSync(join(subapps, 'demo', 'dist', 'index.html'), '<!doctype html><title>demo sub-app</title>');
writeFileSync(join(subapps, 'demo', 'dist', 'assets', 'app-1234.js'), 'console.log(1)');

beforeAll(async () => {
  t = await testApp({ subappsDir: subapps });
  admin = await as(t.app);
});
afterAll(() => t.close());

const post = (url: string, payload: object, who = admin) => who.call({ method: 'POST', url, payload });
const get = (url: string, query: Record<string, string> = {}, who = admin) => who.call({ method: 'GET', url, query });

describe('master data through the resource definitions', () => {
  it('adds company → city → project with a logo, and the project appears in the picker tree', async () => {
    const co = (await post(`${MDM}/company/submit`, { name: '新城集团', code: 'N001' })).json().data;
    const cy = (await post(`${MDM}/city/submit`, { name: '成都', code: 'CD', companyId: co.id })).json().data;
    expect(cy.companyId).toBe(co.id);
    const pr = await post(`${MDM}/project/submit`, { name: '天府新区', tririgaCode: 'CD001', companyId: co.id, cityId: cy.id, logoUrl: '/us-resource/oss/endpoint/file/x.png' });
    expect(pr.json()).toMatchObject({ msg: '新增成功', data: { name: '天府新区', cityId: cy.id, companyId: co.id } });
    const tree = (await get('/us-system/old-system/project-tree')).json().data;
    const company = tree.find((c: { name: string }) => c.name === '新城集团');
    expect(company.children[1].children[1]).toMatchObject({ name: '天府新区', logoUrl: '/us-resource/oss/endpoint/file/x.png' });
  });

  it('refuses a ref into nothing or into another tenant, and a bad image address', async () => {
    const b = await as(t.app, 'admin', '100001');
    const theirCompany = (await get(`${MDM}/company/select`, {}, b)).json().data[0].id;
    const res = await post(`${MDM}/city/submit`, { name: '偷渡', code: 'X', companyId: theirCompany });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: '所属公司不存在', data: { field: 'companyId' } });
    expect((await post(`${MDM}/city/submit`, { name: '无', code: 'X', companyId: 'abc' })).json().data.field).toBe('companyId');
    const myCompany = (await get(`${MDM}/company/select`)).json().data[0].id;
    const myCity = (await get(`${MDM}/city/select`)).json().data[0].id;
    const bad = await post(`${MDM}/project/submit`, { name: 'p', companyId: myCompany, cityId: myCity, logoUrl: 'javascript:alert(1)' });
    expect(bad.json()).toMatchObject({ msg: '项目标志地址不正确', data: { field: 'logoUrl' } });
  });

  it('a project’s city is one of its company’s: the select narrows cities by company, a submit of another’s city is refused', async () => {
    const cities = (await get(`${MDM}/city/list`, { size: '100' })).json().data.records as { id: string; name: string; companyId: string }[];
    const [one, another] = [...new Set(cities.map((c) => c.companyId))];
    const narrowed = (await get(`${MDM}/city/select`, { companyId: one })).json().data as { id: string }[];
    expect(narrowed.map((c) => c.id).sort()).toEqual(
      cities
        .filter((c) => c.companyId === one)
        .map((c) => c.id)
        .sort(),
    );
    // a filter the list does not take is refused, as the list refuses it
    expect((await get(`${MDM}/city/select`, { nope: '1' })).statusCode).toBe(400);
    const theirCity = cities.find((c) => c.companyId === another)!.id;
    const refused = await post(`${MDM}/project/submit`, { name: '错配', companyId: one, cityId: theirCity });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ msg: '所属城市不属于所属公司', data: { field: 'cityId' } });
    expect((await post(`${MDM}/project/submit`, { name: '相配', companyId: one, cityId: narrowed[0].id })).json().msg).toBe('新增成功');
  });

  it('filters vehicles by a list of projects (the selected picker node) and checks select values', async () => {
    const projects = (await get(`${MDM}/project/select`)).json().data as { id: string; label: string }[];
    const [p1, p2] = projects;
    const supplier = (await post(`${MDM}/supplier/submit`, { name: '洁城环卫', phone: '0755-1234' })).json().data;
    const add = (plateNo: string, projectId: string) => post(`${MDM}/vehicle/submit`, { plateNo, vehicleType: '1', projectId, supplierId: supplier.id });
    expect((await add('粤B00001', p1.id)).json().data).toMatchObject({ inService: 1, vehicleType: '1' });
    await add('粤B00002', p2.id);
    await add('粤B00003', p2.id);
    expect((await get(`${MDM}/vehicle/list`, { projectId: p2.id })).json().data.total).toBe(2);
    expect((await get(`${MDM}/vehicle/list`, { projectId: `${p1.id},${p2.id}` })).json().data.total).toBe(3);
    expect((await add('粤B00001', p1.id)).json().msg).toBe('车牌号已存在');
    const wrongType = await post(`${MDM}/vehicle/submit`, { plateNo: '粤B9', vehicleType: '9', projectId: p1.id });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toContain('vehicleType');
    const projectsById = (await get(`${MDM}/project/list`, { ids: `${p1.id},${p2.id}` })).json().data;
    expect(projectsById.records.map((r: { id: string }) => r.id).sort()).toEqual([p1.id, p2.id].sort());
  });

  it('exports the filtered list as a real spreadsheet with names instead of ids', async () => {
    // the same filters as the list, including a list of projects (the selected picker node)
    const projectIds = (await get(`${MDM}/project/select`))
      .json()
      .data.map((p: { id: string }) => p.id)
      .join(',');
    const res = await get(`${MDM}/vehicle/export`, { plateNo: '粤B0000', projectId: projectIds });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('车辆管理.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, 'ID', '车牌号', '车辆类型', '所属项目', '供应商', '在用', '创建时间']);
    expect(ws.rowCount).toBe(4);
    const row = ws.getRow(2).values as string[];
    expect(row[3]).toBe('清扫车');
    expect(row[5]).toBe('洁城环卫');
    expect(row[6]).toBe('是');
    expect((await get(`${MDM}/vehicle/export`, { plateNo: '粤B0000' }, await as(t.app, 'user'))).statusCode).toBe(403);
  });

  it('keeps each tenant’s master data apart', async () => {
    const b = await as(t.app, 'admin', '100001');
    expect((await get(`${MDM}/vehicle/list`, {}, b)).json().data.total).toBe(0);
    expect((await get(`${MDM}/company/select`, {}, b)).json().data.map((c: { label: string }) => c.label)).toEqual(['示范物业']);
  });
});

describe('sub-application registry', () => {
  it('lists the twelve sub-apps with the default one first, and an admin can change a host', async () => {
    const reg = (await get('/us-system/sub-app/registry')).json().data;
    expect(reg).toHaveLength(12);
    expect(reg[0]).toMatchObject({ serviceName: 'work', prefix: '/work', defaultPath: 'core/project', default: 1 });
    const coredata = reg.find((a: { serviceName: string }) => a.serviceName === 'coredata');
    expect(coredata).toMatchObject({ prefix: '/coredata', host: '/subapps/coredata/', alive: 1, exec: 1, fiber: 1 });
    const changed = await post('/us-system/sub-app/submit', { ...coredata, host: 'http://localhost:5174/' });
    expect(changed.json().msg).toBe('更新成功');
    expect((await get('/us-system/sub-app/registry')).json().data.find((a: { serviceName: string }) => a.serviceName === 'coredata').host).toBe('http://localhost:5174/');
    expect((await post('/us-system/sub-app/submit', { ...coredata, host: 'http://x/' }, await as(t.app, 'user'))).statusCode).toBe(403);
  });

  it('publishes a built sub-app under /subapps/<name>/ (its scripts for any origin, its page for this one), with history-mode fallback', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/subapps/demo/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('demo sub-app');
    expect(index.headers['access-control-allow-origin']).toBeUndefined();
    const asset = await t.app.inject({ method: 'GET', url: '/subapps/demo/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['access-control-allow-origin']).toBe('*');
    const deep = await t.app.inject({ method: 'GET', url: '/subapps/demo/vehicle', headers: { accept: 'text/html' } });
    expect(deep.body).toContain('demo sub-app');
    expect((await t.app.inject({ method: 'GET', url: '/us-system/none', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    // a rebuild while the server runs is served at once
    writeFileSync(join(subapps, 'demo', 'dist', 'assets', 'app-5678.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/subapps/demo/assets/app-5678.js' })).body).toBe('console.log(2)');
  });
});
