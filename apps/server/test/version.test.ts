import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';

type Caller = Awaited<ReturnType<typeof as>>;

/** Versions and their guide, shown to each user once (shell spec §4 'Guide'). */
describe('versions and the release guide', () => {
  let t: TestApp;
  let admin: Caller;
  let plain: Caller;
  let adminB: Caller;
  const post = async (who: Caller, url: string, payload?: object) => (await who.call({ method: 'POST', url, payload })).json();
  const guide = async (who: Caller) => (await post(who, '/us-system/version-manage/loginRecord')).data;

  beforeAll(async () => {
    t = await testApp();
    admin = await as(t.app);
    plain = await as(t.app, 'user');
    adminB = await as(t.app, 'admin', '100001');
  });
  afterAll(() => t.close());

  it('a published version’s guide is offered once to each user, its steps in order; a draft to nobody', async () => {
    const version = await post(admin, '/us-system/version-manage/submit', {
      versionNo: 'v2.0.0',
      title: '2.0 上线',
      guideType: 'step',
      pushTime: '2026-11-20 00:00:00',
      content: '<p>新功能</p>',
    });
    expect(version.msg).toBe('新增成功');
    const id = version.data.id as string;
    await post(admin, '/us-system/version-manage/step/submit', { versionId: id, sort: 2, content: '这里是通知', pageTag: '.wb-notice-bell,click' });
    await post(admin, '/us-system/version-manage/step/submit', { versionId: id, sort: 1, content: '这里切换项目', pageTag: '.wb-project-picker,click' });
    expect(await guide(plain)).toBeNull();
    expect((await admin.call({ method: 'GET', url: `/us-system/version-manage/getVersionById?versionId=${id}` })).statusCode).toBe(404);

    expect((await post(admin, `/us-system/version-manage/publish?ids=${id}`)).msg).toBe('发布成功');
    const offered = await guide(plain);
    expect(offered).toMatchObject({ versionId: id, versionNo: 'v2.0.0', title: '2.0 上线', guideType: 'step', pushTime: '2026-11-20', content: '<p>新功能</p>', showContent: true });
    expect(offered.guideStepList.map((s: { content: string }) => s.content)).toEqual(['这里切换项目', '这里是通知']);
    expect((await admin.call({ method: 'GET', url: `/us-system/version-manage/getVersionById?versionId=${id}` })).json().data.versionNo).toBe('v2.0.0');

    expect((await post(plain, '/us-system/version-manage/saveLoginRecord', { versionId: id })).success).toBe(true);
    expect(await guide(plain)).toBeNull();
    // every other user, in every tenant, still has it to see
    expect((await guide(admin)).versionId).toBe(id);
    expect((await guide(adminB)).versionId).toBe(id);
  });

  it('versions are the platform’s: another tenant’s administrator neither writes nor lists them', async () => {
    const res = await adminB.call({
      method: 'POST',
      url: '/us-system/version-manage/submit',
      payload: { versionNo: 'v9', title: 'x', guideType: 'all', pushTime: '2026-11-20 00:00:00' },
    });
    expect(res.statusCode).toBe(403);
    expect((await post(plain, '/us-system/version-manage/saveLoginRecord', { versionId: '123' })).code).toBe(404);
  });
});
