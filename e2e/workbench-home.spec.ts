import { expect, test } from '@playwright/test';
import { pngBytes, signedIn, unique } from './support/api';
import { addUser, openAdminPage, roleId, rootDeptId } from './support/organisation';
import { baseUrl, MAIN_PORT } from './support/servers';
import { ADMIN, buttonName, fillLogin, login, loginAs, openParamPage, pickerValue, shownPage, tab } from './support/shell';

const base = baseUrl(MAIN_PORT);

test.describe('the workbench home and the console', () => {
  test('the home learns the menus a user opens, shows the project’s figures, and the console draws them', async ({ page }) => {
    await login(page);
    const home = shownPage(page);
    await expect(home.getByText('打开过的菜单会出现在这里')).toBeVisible();
    // what master data says of the picked project, through the API, is what the figures say
    const admin = await signedIn(base);
    type Node = { id: string; name: string; children?: Node[] };
    const nodes = (tree: Node[]): Node[] => tree.flatMap((n) => [n, ...nodes(n.children ?? [])]);
    await expect(pickerValue(page)).not.toBeEmpty();
    const picked = (await pickerValue(page).textContent())!;
    const project = nodes((await admin<Node[]>('GET', '/us-system/old-system/project-tree')).data).find((n) => n.name === picked)!;
    const figures = (await admin<{ vehicleTotal: number; projectTotal: number }>('GET', `/us/lsds/hd/screen/getHdBaseInfoByProjectId?projectId=${project.id}`)).data;
    expect(figures.projectTotal).toBe(1);
    await expect(home.locator('[data-figure="vehicles"]')).toContainText(String(figures.vehicleTotal));

    // 参数管理 twice, 用户管理 once: 参数管理 leads the shortcuts
    await openParamPage(page);
    await openAdminPage(page, '系统管理', '用户管理', '/system/user');
    await tab(page, '参数管理').click();
    await page.goto('/wel/index');
    const shortcuts = shownPage(page).locator('.wb-home-shortcut');
    await expect(shortcuts.first()).toHaveText(/参数管理/);
    await expect(shortcuts.nth(1)).toHaveText(/用户管理/);
    await page.screenshot({ path: test.info().outputPath('workbench-home.png'), fullPage: true });
    await shortcuts.nth(1).click();
    await expect(page).toHaveURL(/\/system\/user$/);

    await page.goto('/wel/dashboard');
    const console = shownPage(page);
    await expect(console.getByText('各项目车辆')).toBeVisible();
    // the console counts the picked project too
    await expect(console.locator('.ant-statistic').first()).toContainText(String(figures.projectTotal));
    // drawn (a canvas) unless there is nothing to draw
    await expect(console.locator(figures.vehicleTotal ? '[role="img"] canvas' : '.ant-empty').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('workbench-console.png') });
  });
});

test.describe('notices pushed and the version notice', () => {
  test('an announcement published meanwhile opens at once, without waiting for the ten-minute poll; an incident’s reminder arrives and opens it', async ({ page }) => {
    const n = unique('');
    const admin = await signedIn(base);
    // a role of this scenario only: no other user hears of the announcement
    const own = (await admin<{ id: string }>('POST', '/us-system/role/submit', { roleName: `推送${n}`, roleAlias: `push_${n}`, sort: 9 })).data.id;
    const plainRole = await roleId(base, '用户');
    await addUser(base, { account: `push.${n}`, password: 'Push12345', realName: `推送${n}`, roleId: `${plainRole},${own}`, deptId: await rootDeptId(base) });
    await loginAs(page, `push.${n}`, 'Push12345');
    // the stream is open once the first fetch happened (a second after the workbench opened)
    await page.waitForTimeout(2500);
    const notice = (await admin<{ id: string }>('POST', '/us-system/system-notify/submit', { title: `即时公告${n}`, content: `<p>推送${n}</p>`, targetType: 3, roleId: own })).data;
    await admin('POST', `/us-system/system-notify/publish?ids=${notice.id}`);
    const preview = page.locator('.ant-modal').filter({ hasText: `即时公告${n}` });
    await expect(preview.getByText(`推送${n}`)).toBeVisible({ timeout: 10_000 });
    await preview.getByRole('button', { name: buttonName('关闭') }).click();

    // an incident naming this user as its handler: the reminder arrives at once and opens the incident
    const userId = (await admin<{ records: { id: string }[] }>('GET', `/us-user/page?current=1&size=1&account=push.${n}`)).data.records[0].id;
    const [project] = (await admin<{ id: string; label: string }[]>('GET', '/wwy-us-mdm/api/v1/project/select')).data;
    const saved = await admin('POST', '/wwy-us-incident/srt/incident-manage/submit', {
      title: `井盖缺失${n}`,
      incidentType: '3',
      level: '2',
      projectId: project.id,
      handlerId: userId,
      deadline: '2099-06-30',
      description: `东门人行道井盖缺失${n}`,
    });
    expect(saved.success).toBe(true);
    const bell = page.getByRole('button', { name: '通知' });
    await expect(bell.locator('.ant-badge-count')).toHaveText('1', { timeout: 10_000 });
    await bell.click();
    const popover = page.locator('.ant-popover .wb-notices');
    await popover.getByRole('tab', { name: /督办提醒 \(1\)/ }).click();
    await popover.getByText(`请在 2099-06-30 前办结: 井盖缺失${n}`).click();
    const incident = page.locator('.ant-modal').filter({ hasText: `井盖缺失${n}` });
    await expect(incident.getByText(`东门人行道井盖缺失${n}`)).toBeVisible();
    await expect(incident.getByText('安全隐患')).toBeVisible();
    await expect(incident.getByText(project.label)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('incident.png') });
  });

  test('the version notice shows while the upgrade info has a picture, and leads to the update announcement', async ({ page }) => {
    const admin = await signedIn(base);
    const param = (await admin<{ records: Record<string, string>[] }>('GET', '/us-system/param/list?paramKey=upgrade_info')).data.records[0];
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pngBytes(0, 240))], { type: 'image/png' }), 'upgrade.png');
    const token = (await (
      await fetch(
        `${base}/us-auth/oauth/token?${new URLSearchParams({ tenantId: ADMIN.tenantId, username: ADMIN.account, password: ADMIN.password, grant_type: 'password', scope: 'all' })}`,
        {
          method: 'POST',
          headers: { authorization: `Basic ${Buffer.from('workbench:workbench_secret').toString('base64')}` },
        },
      )
    ).json()) as { access_token: string };
    const uploaded = (await (
      await fetch(`${base}/us-resource/oss/endpoint/put-file`, { method: 'POST', headers: { 'saas-auth': `bearer ${token.access_token}` }, body: form })
    ).json()) as { data: { link: string } };
    const title = unique('运营工作台 2.0 更新');
    try {
      await login(page);
      await expect(page.locator('.wb-upgrade-link')).toHaveCount(0);
      await admin('POST', '/us-system/param/submit', { ...param, paramValue: JSON.stringify({ title, upgradeInfoPic: uploaded.data.link }) });
      await page.reload();
      const link = page.locator('.wb-upgrade-link');
      await expect(link).toBeVisible();
      await expect(link.locator('.ant-badge-dot')).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(/\/updateAnnouncement$/);
      const announcement = shownPage(page);
      await expect(announcement.getByText(title)).toBeVisible();
      const picture = announcement.locator('img').first();
      await expect(picture).toBeVisible();
      expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
      await expect(link.locator('.ant-badge-dot')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath('update-announcement.png') });
    } finally {
      await admin('POST', '/us-system/param/submit', param);
    }
  });
});

test.describe('QR login and my sessions', () => {
  test('a signed-in phone confirms the code; the computer is then signed in, and the phone signs it out again', async ({ browser }) => {
    const desktop = await browser.newPage();
    const phone = await browser.newPage({
      viewport: { width: 390, height: 780 },
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    await loginAs(phone, 'user', 'admin123');

    await desktop.goto('/login');
    await desktop.getByRole('button', { name: '扫码登录' }).click();
    const code = desktop.locator('img.login-qr__code');
    await expect(code).toBeVisible();
    await expect(desktop.getByText('请用已登录的手机扫描二维码')).toBeVisible();
    await desktop.screenshot({ path: test.info().outputPath('qr-login.png') });
    const url = (await code.getAttribute('data-ticket-url'))!;
    expect(url).toMatch(/\/qr-login\?ticket=[0-9a-f-]{36}$/);

    // the phone opens what the code holds, sees where the login comes from, and confirms
    await phone.goto(url);
    await expect(phone.getByText('确认在电脑上登录运营工作台')).toBeVisible();
    await expect(desktop.getByText('已扫码，请在手机上确认登录')).toBeVisible();
    await expect(phone.getByText('Chrome · Linux')).toBeVisible();
    await phone.screenshot({ path: test.info().outputPath('qr-confirm.png') });
    await phone.getByRole('button', { name: buttonName('确认登录') }).click();
    await expect(phone.getByText('已确认，电脑端将自动登录')).toBeVisible();
    await expect(desktop).toHaveURL(/\/wel\/index$/);
    await expect(desktop.locator('.wb-user')).toContainText('运营专员');

    // the phone's 我的会话 lists the computer's session; 下线 ends it
    await phone.goto('/info/index');
    await phone.getByRole('tab', { name: '我的会话' }).click();
    const sessions = phone.locator('.ant-table-row');
    await expect(sessions.filter({ hasText: '当前' })).toHaveCount(1);
    const computer = sessions.filter({ hasNotText: '当前' }).first();
    await expect(computer).toBeVisible();
    await phone.screenshot({ path: test.info().outputPath('my-sessions.png') });
    const before = await sessions.count();
    await computer.getByRole('button', { name: buttonName('下线') }).click();
    await expect(phone.getByText('已下线该会话')).toBeVisible();
    await expect(sessions).toHaveCount(before - 1);
    // the newest session but the phone's own was the computer's: its next call finds it signed out
    await desktop.goto('/info/index');
    await expect(desktop.locator('#login_password')).toBeVisible();
    await desktop.close();
    await phone.close();
  });

  test('the password form stays a keystroke away from the code', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '扫码登录' }).click();
    await expect(page.locator('#login_password')).toBeHidden();
    await page.getByRole('button', { name: '账号密码登录' }).click();
    await fillLogin(page);
    await page.getByRole('button', { name: buttonName('登录') }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
  });
});
