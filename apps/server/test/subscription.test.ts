import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBE_PATHS } from '@wb/contracts/resources/subscription';
import { as, testApp, type TestApp } from './helper';
import { importsOf } from './support/imports';

/**
 * Subscription packages (订阅套餐): what an administrator may save, what the shell's calls answer
 * for the picked project (the package, the expiry reminder and its dismissal), and the limits every
 * add of an account or a device obeys; one tenant never reaches another's.
 */

type Caller = Awaited<ReturnType<typeof as>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON, read field by field
type Rec = Record<string, any>;

const MDM = '/wwy-us-mdm/api/v1';
const PACKAGES = `${MDM}/subscribe-package`;

let t: TestApp;
let admin: Caller;
let adminB: Caller;
/** tenant 000000's projects by name, with their company */
const projects = new Map<string, { id: string; companyId: string }>();
let deptId: string;

const call = async (who: Caller, method: 'GET' | 'POST', url: string, body?: object) =>
  (await who.call({ method, url, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }) })).json() as Rec;
const data = async (who: Caller, method: 'GET' | 'POST', url: string, body?: object) => {
  const res = await call(who, method, url, body);
  if (!res.success) throw new Error(`${method} ${url}: ${res.msg}`);
  return res.data;
};

/** 'yyyy-MM-dd 00:00:00', `days` from today (local time, as the server reads it). */
const dayFromToday = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} 00:00:00`;
};
const project = (name: string) => projects.get(name)!;

/** A package for a project (or, with `company`, for the whole company of that project). */
const packageOf = (name: string, extra: Rec = {}, company = false) => ({
  packageName: `${name}套餐`,
  companyId: project(name).companyId,
  ...(company ? {} : { projectId: project(name).id }),
  type: 1,
  level: '标准版',
  accountNum: -1,
  userNum: -1,
  deviceNum: -1,
  startDate: dayFromToday(-300),
  endDate: dayFromToday(65),
  ...extra,
});
const savePackage = (body: Rec, who = admin) => call(who, 'POST', `${PACKAGES}/submit`, body);

/** A role whose users may pick only `name` (roles v2): they are accounts of that project. */
const projectRole = async (name: string, alias: string) =>
  (await data(admin, 'POST', '/us-system/v2/role/submit', { roleName: `${name}角色`, roleAlias: alias, sort: 9, projectId: project(name).id })).id as string;
const addUser = (account: string, roleId: string, userType = 1) =>
  call(admin, 'POST', '/us-user/submit', { account, password: 'Member123', name: account, realName: account, roleId, deptId, userType });
const addVehicle = (plateNo: string, name: string) => call(admin, 'POST', `${MDM}/vehicle/submit`, { plateNo, vehicleType: '1', projectId: project(name).id });

beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
  adminB = await as(t.app, 'admin', '100001');
  for (const p of (await data(admin, 'GET', `${MDM}/project/list`, { size: '100' })).records) projects.set(p.name, { id: p.id, companyId: p.companyId });
  deptId = (await data(admin, 'GET', '/us-system/dept/lazy-list'))[0].id;
});
afterAll(() => t.close());

describe('订阅套餐: what an administrator may save', () => {
  it('refuses reversed dates, counts below -1, an unknown type, a project of another company, a second package and a custom reminder without text, naming the field', async () => {
    const refused = async (body: Rec, field: string, msg?: string) => {
      const res = await savePackage(body);
      expect(res.code, JSON.stringify(res)).toBe(400);
      expect(res.data.field).toBe(field);
      if (msg) expect(res.msg).toBe(msg);
    };
    await refused(packageOf('天河CBD', { startDate: dayFromToday(10), endDate: dayFromToday(1) }), 'endDate', '结束日期必须晚于开始日期');
    // a package that ends the day it starts has no days at all
    await refused(packageOf('天河CBD', { startDate: dayFromToday(10), endDate: dayFromToday(10) }), 'endDate', '结束日期必须晚于开始日期');
    await refused(packageOf('天河CBD', { accountNum: -2 }), 'accountNum');
    await refused(packageOf('天河CBD', { deviceNum: 1.5 }), 'deviceNum');
    await refused(packageOf('天河CBD', { type: 4 }), 'type');
    await refused(packageOf('天河CBD', { companyId: project('陆家嘴金融城').companyId }), 'projectId', '所选项目不属于所选公司');
    await refused(packageOf('天河CBD', { ruleType: 2, content: ' ' }), 'content', '请输入提醒内容');
    await refused(packageOf('天河CBD', { type: 3, deviceNum: 5 }), 'deviceNum');

    const saved = await savePackage(packageOf('天河CBD'));
    expect(saved.msg).toBe('新增成功');
    expect(saved.data).toMatchObject({ remindDays: 30, ruleType: 1, accountNum: -1 });
    await refused(packageOf('天河CBD', { packageName: '第二个' }), 'projectId', '该项目已有订阅套餐');
    expect((await savePackage(packageOf('天河CBD', {}, true))).msg).toBe('新增成功');
    await refused(packageOf('天河CBD', { packageName: '公司第二个' }, true), 'companyId', '该公司已有订阅套餐');
    // an edit of the package itself is no second one
    expect((await savePackage({ ...saved.data, level: '高级版' })).msg).toBe('更新成功');
    // the company's goes again: its other projects have none
    const companyWide = (await data(admin, 'GET', `${PACKAGES}/list`, { companyId: project('天河CBD').companyId })).records.find((r: Rec) => !r.projectId);
    expect((await call(admin, 'POST', `${PACKAGES}/remove?ids=${companyWide.id}`)).msg).toBe('删除成功');
  });
});

describe('the shell’s calls for the picked project', () => {
  let systems: Rec[];
  beforeAll(async () => {
    systems = await data(admin, 'GET', '/us-system/v2/top-menu-multi/top-menu');
    const c002 = project('陆家嘴金融城').companyId;
    await data(admin, 'POST', `${PACKAGES}/submit`, {
      ...packageOf(
        '陆家嘴金融城',
        {
          packageName: '物业公司套餐',
          type: 2,
          accountNum: 50,
          deviceNum: 200,
          systemAccess: systems
            .slice(0, 2)
            .map((s) => s.id)
            .join(','),
        },
        true,
      ),
      companyId: c002,
    });
    await data(admin, 'POST', `${PACKAGES}/submit`, packageOf('虹桥商务区', { packageName: '虹桥专享', type: 3, level: '旗舰版', endDate: dayFromToday(10) }));
  });

  it('package/list answers the project’s own package, else its company’s, with names, -1 counts and dates; nothing for a company without one', async () => {
    const own = await data(admin, 'GET', SUBSCRIBE_PATHS.packageList, { account: 'admin', projectId: project('虹桥商务区').id });
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      packageName: '虹桥专享',
      type: 3,
      level: '旗舰版',
      accountNum: -1,
      userNum: -1,
      deviceNum: -1,
      systemAccess: '',
      startDate: dayFromToday(-300).slice(0, 10),
      endDate: dayFromToday(10).slice(0, 10),
      projectName: '虹桥商务区',
      companyName: '物业运营公司',
      expired: false,
    });
    const inherited = await data(admin, 'GET', SUBSCRIBE_PATHS.packageList, { projectId: project('张江科学城').id });
    expect(inherited[0]).toMatchObject({ packageName: '物业公司套餐', type: 2, accountNum: 50, deviceNum: 200, projectId: '', systemAccess: `${systems[0].name}、${systems[1].name}` });
    // the picker's 'all' entry of a company: the company's package
    const all = await data(admin, 'GET', SUBSCRIBE_PATHS.packageList, { companyId: project('张江科学城').companyId, projectId: '-1' });
    expect(all[0].packageName).toBe('物业公司套餐');
    expect(await data(admin, 'GET', SUBSCRIBE_PATHS.packageList, { projectId: project('深圳湾科技园').id })).toEqual([]);
    expect(await data(admin, 'GET', SUBSCRIBE_PATHS.packageList)).toEqual([]);
    expect((await call(admin, 'GET', SUBSCRIBE_PATHS.packageList, { projectId: '123' })).code).toBe(404);
  });

  it('notify/list answers the reminder once within its days, and whether this user dismissed it on this project', async () => {
    const at = (name: string) => ({ projectId: project(name).id });
    // 10 days left of 30: due; the company's package has 65 left: not yet
    const [due] = await data(admin, 'GET', SUBSCRIBE_PATHS.notifyList, at('虹桥商务区'));
    expect(due).toMatchObject({ packageName: '虹桥专享', daysLeft: 10, expired: false, ruleType: 1, dismissed: false, dismissTime: '' });
    expect(await data(admin, 'GET', SUBSCRIBE_PATHS.notifyList, at('张江科学城'))).toEqual([]);

    expect((await call(admin, 'POST', SUBSCRIBE_PATHS.dismiss, at('虹桥商务区'))).success).toBe(true);
    const [dismissed] = await data(admin, 'GET', SUBSCRIBE_PATHS.notifyList, at('虹桥商务区'));
    expect(dismissed.dismissed).toBe(true);
    expect(dismissed.dismissTime.slice(0, 10)).toBe(dayFromToday(0).slice(0, 10));
    // per user: the plain user has not dismissed it
    const plain = await as(t.app, 'user');
    expect((await data(plain, 'GET', SUBSCRIBE_PATHS.notifyList, at('虹桥商务区')))[0].dismissed).toBe(false);
    expect((await call(admin, 'POST', SUBSCRIBE_PATHS.dismiss, {})).data).toEqual({ field: 'projectId' });

    // per project: the company's package, once due, is not dismissed on another of its projects
    const companyPackage = (await data(admin, 'GET', `${PACKAGES}/list`, { packageName: '物业公司套餐' })).records[0];
    await data(admin, 'POST', `${PACKAGES}/submit`, { ...companyPackage, remindDays: 70 });
    await call(admin, 'POST', SUBSCRIBE_PATHS.dismiss, at('张江科学城'));
    expect((await data(admin, 'GET', SUBSCRIBE_PATHS.notifyList, at('张江科学城')))[0]).toMatchObject({ daysLeft: 65, dismissed: true });
    expect((await data(admin, 'GET', SUBSCRIBE_PATHS.notifyList, at('陆家嘴金融城')))[0]).toMatchObject({ daysLeft: 65, dismissed: false });

    // the custom text; '-1' turns the reminder off; an ended package is still reminded of
    await data(admin, 'POST', `${PACKAGES}/submit`, { ...companyPackage, remindDays: 70, ruleType: 2, content: '请尽快续费' });
    expect((await data(admin, 'GET', SUBSCRIBE_PATHS.notifyList, at('陆家嘴金融城')))[0]).toMatchObject({ ruleType: 2, content: '请尽快续费' });
    await data(admin, 'POST', `${PACKAGES}/submit`, { ...companyPackage, remindDays: 70, content: '-1' });
    expect(await data(admin, 'GET', SUBSCRIBE_PATHS.notifyList, at('陆家嘴金融城'))).toEqual([]);
    await data(admin, 'POST', `${PACKAGES}/submit`, { ...companyPackage, endDate: dayFromToday(-2) });
    expect((await data(admin, 'GET', SUBSCRIBE_PATHS.notifyList, at('陆家嘴金融城')))[0]).toMatchObject({ daysLeft: -2, expired: true });
    expect((await data(admin, 'GET', SUBSCRIBE_PATHS.packageList, at('陆家嘴金融城')))[0].expired).toBe(true);
  });
});

describe('the limits of a package', () => {
  it('accounts: a project’s users beyond accountNum are refused; a tenant-wide role is no project’s account', async () => {
    await data(admin, 'POST', `${PACKAGES}/submit`, packageOf('前海国际中心', { accountNum: 1 }));
    const role = await projectRole('前海国际中心', 'qianhai');
    expect((await addUser('qh.one', role)).success).toBe(true);
    const second = await addUser('qh.two', role);
    expect(second).toMatchObject({ code: 400, data: { field: 'roleId' } });
    expect(second.msg).toBe('项目「前海国际中心」的订阅套餐最多 1 个账号, 已达上限');
    expect((await data(admin, 'GET', '/us-user/page', { account: 'qh.two' })).total).toBe(0);
    // the plain role picks any project: its users count nowhere
    const plainRole = (await data(admin, 'GET', '/us-user/page', { account: 'user' })).records[0].roleId;
    expect((await addUser('qh.tenant', plainRole)).success).toBe(true);
    // nor may one be moved in by an edit or a grant; an edit of anything else passes
    const moved = await data(admin, 'GET', '/us-user/page', { account: 'qh.tenant' });
    expect((await call(admin, 'POST', '/us-user/update', { ...moved.records[0], roleId: role })).data).toEqual({ field: 'roleId' });
    expect((await call(admin, 'POST', `/us-user/grant?userIds=${moved.records[0].id}&roleIds=${role}`)).data).toEqual({ field: 'roleIds' });
    const one = (await data(admin, 'GET', '/us-user/page', { account: 'qh.one' })).records[0];
    expect((await call(admin, 'POST', '/us-user/update', { ...one, phone: '13900000000' })).msg).toBe('更新成功');
  });

  it('workers: app accounts beyond userNum are refused; -1 lets any number in', async () => {
    await data(admin, 'POST', `${PACKAGES}/submit`, packageOf('南山智慧街道', { accountNum: -1, userNum: 1 }));
    const role = await projectRole('南山智慧街道', 'nanshan');
    expect((await addUser('ns.worker1', role, 2)).success).toBe(true);
    expect((await addUser('ns.office', role, 1)).success).toBe(true);
    const refused = await addUser('ns.worker2', role, 2);
    expect(refused.msg).toBe('项目「南山智慧街道」的订阅套餐最多 1 名人员 (APP 账号), 已达上限');
    // an office account of the project turned into an app one is a worker joining
    const office = (await data(admin, 'GET', '/us-user/page', { account: 'ns.office' })).records[0];
    expect((await call(admin, 'POST', '/us-user/update', { ...office, userType: 2 })).data).toEqual({ field: 'userType' });

    const unlimited = (await data(admin, 'GET', `${PACKAGES}/list`, { packageName: '南山智慧街道套餐' })).records[0];
    await data(admin, 'POST', `${PACKAGES}/submit`, { ...unlimited, userNum: -1 });
    for (const n of [2, 3, 4]) expect((await addUser(`ns.worker${n}`, role, 2)).success).toBe(true);
  });

  it('devices: vehicles beyond deviceNum are refused, added, moved in or imported; -1 lets any number in', async () => {
    await data(admin, 'POST', `${PACKAGES}/submit`, packageOf('福田中心区', { type: 2, deviceNum: 1 }));
    expect((await addVehicle('粤B10001', '福田中心区')).success).toBe(true);
    const refused = await addVehicle('粤B10002', '福田中心区');
    expect(refused).toMatchObject({ code: 400, msg: '项目「福田中心区」的订阅套餐最多 1 台设备, 已达上限', data: { field: 'projectId' } });
    const elsewhere = (await addVehicle('粤B10003', '深圳湾科技园')).data;
    expect((await call(admin, 'POST', `${MDM}/vehicle/submit`, { ...elsewhere, projectId: project('福田中心区').id })).data).toEqual({ field: 'projectId' });
    // the device already there may be edited
    const there = (await data(admin, 'GET', `${MDM}/vehicle/list`, { plateNo: '粤B10001' })).records[0];
    expect((await call(admin, 'POST', `${MDM}/vehicle/submit`, { ...there, vehicleType: '2' })).msg).toBe('更新成功');

    await data(admin, 'POST', `${PACKAGES}/submit`, packageOf('琶洲互联网区', { type: 2, deviceNum: -1 }));
    for (const n of [1, 2, 3]) expect((await addVehicle(`粤A2000${n}`, '琶洲互联网区')).success).toBe(true);

    // an import's batch counts the rows it wrote before each one
    const pazhou = (await data(admin, 'GET', `${PACKAGES}/list`, { packageName: '琶洲互联网区套餐' })).records[0];
    await data(admin, 'POST', `${PACKAGES}/submit`, { ...pazhou, deviceNum: 4 });
    const rows = ['粤A20004', '粤A20005'].map((plate) => [plate, '清扫车', '琶洲互联网区']);
    const done = await importsOf(() => admin.call).imported(`${MDM}/vehicle`, 'vehicles.xlsx', [['车牌号', '车辆类型', '所属项目'], ...rows]);
    expect(done).toMatchObject({ successNum: 1, failedNum: 1 });
  });

  it('an ended package refuses every add: accounts and devices', async () => {
    await data(admin, 'POST', `${PACKAGES}/submit`, packageOf('黄埔智慧城', { startDate: dayFromToday(-400), endDate: dayFromToday(-1) }));
    const role = await projectRole('黄埔智慧城', 'huangpu');
    const user = await addUser('hp.one', role);
    expect(user).toMatchObject({ code: 400, data: { field: 'roleId' } });
    expect(user.msg).toMatch(/^订阅已到期/);
    expect((await addVehicle('粤A30001', '黄埔智慧城')).msg).toMatch(/^订阅已到期/);
  });

  it('systems: a project account sees the top menus its package opens and no other; other accounts see them all', async () => {
    const all = await data(admin, 'GET', '/us-system/v2/top-menu-multi/top-menu');
    const work = all.find((m: Rec) => m.code === 'app_work');
    const system = all.find((m: Rec) => m.code === 'system_admin');
    // the plain role (the parameter list and the work app's start page) limited to one project
    const plainRole = (await data(admin, 'GET', '/us-user/page', { account: 'user' })).records[0].roleId;
    const role = await data(admin, 'GET', '/us-system/role/detail', { id: plainRole });
    await data(admin, 'POST', '/us-system/v2/role/submit', { ...role, projectId: project('深圳湾科技园').id });
    // the work app gets an address: without one its menus lead nowhere and a plain user does not get them
    const workApp = (await data(admin, 'GET', '/us-system/sub-app/list', { current: '1', size: '100' })).records.find((a: Rec) => a.serviceName === 'work');
    await data(admin, 'POST', '/us-system/sub-app/submit', { ...workApp, host: 'https://work.example.com/' });
    const plain = await as(t.app, 'user');
    const names = async () => (await data(plain, 'GET', '/us-system/v2/top-menu-multi/top-menu')).map((m: Rec) => m.code);
    expect(await names()).toEqual(['system_admin', 'app_work']);

    await data(admin, 'POST', `${PACKAGES}/submit`, packageOf('深圳湾科技园', { systemAccess: work.id }));
    expect(await names()).toEqual(['app_work']);
    const closed = await call(plain, 'GET', '/us-system/v2/menu-multi/routes', { topMenuId: system.id });
    expect(closed).toMatchObject({ code: 403, msg: '当前订阅套餐未开通该系统' });
    expect((await call(plain, 'GET', '/us-system/v2/menu-multi/routes', { topMenuId: work.id })).success).toBe(true);
    // the administrator picks any project: no package limits what they see
    expect((await data(admin, 'GET', '/us-system/v2/top-menu-multi/top-menu')).length).toBe(all.length);
    // a top menu a package opens cannot be removed
    expect((await call(admin, 'POST', `/us-system/topmenu/remove?ids=${work.id}`)).msg).toContain('已被订阅套餐使用');
  });
});

describe('tenants', () => {
  it('another tenant reads, dismisses and points at nothing of this one’s', async () => {
    const p = project('虹桥商务区');
    for (const path of [SUBSCRIBE_PATHS.packageList, SUBSCRIBE_PATHS.notifyList]) {
      expect((await call(adminB, 'GET', path, { projectId: p.id })).code).toBe(404);
      expect((await call(adminB, 'GET', path, { companyId: p.companyId, projectId: '-1' })).code).toBe(404);
    }
    expect((await call(adminB, 'POST', SUBSCRIBE_PATHS.dismiss, { projectId: p.id })).code).toBe(404);
    expect((await data(adminB, 'GET', `${PACKAGES}/list`)).total).toBe(0);
    const theirs = await savePackage(packageOf('虹桥商务区', { packageName: '越界' }), adminB);
    expect(theirs).toMatchObject({ code: 400, data: { field: 'companyId' } });
  });
});
