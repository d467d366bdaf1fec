import { expect, test } from '@playwright/test';
import { signedIn } from './support/api';
import { confirm, formDialog, openAdminPage, pickOption, pickTreeNodes, roleId, row, selectOf, submit, table } from './support/organisation';
import { baseUrl, MAIN_PORT } from './support/servers';
import { buttonName, login, message } from './support/shell';

const base = baseUrl(MAIN_PORT);

test.describe('announcements and reminders', () => {
  test('an announcement with a script is shown without it; one written in the editor and published opens by itself; a reminder leads to its page', async ({ page }) => {
    const n = String(Date.now() % 1_000_000);
    const admin = await signedIn(base);
    // only the administrators' role hears of these: the other scenarios' users are not interrupted
    const admins = await roleId(base, '超级管理员');
    // what a hostile author could send straight to the API: a script, an event handler, a javascript: link
    const hostile = await admin<{ id: string }>('POST', '/us-system/system-notify/submit', {
      title: `脚本公告${n}`,
      content: `<p>正文${n}</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"><a href="javascript:window.__xss = 3">链接${n}</a>`,
      targetType: 3,
      roleId: admins,
    });
    expect(hostile.success).toBe(true);
    await admin('POST', `/us-system/system-notify/publish?ids=${hostile.data.id}`);
    const me = (await admin<{ records: { id: string }[] }>('GET', '/us-user/page?current=1&size=1&account=admin')).data.records[0];
    await admin('POST', '/us-system/message-notify/submit', { userId: me.id, content: `请核对参数${n}`, url: '/system/param' });

    await login(page);
    // the latest unread announcement opens by itself, 1000 px wide, its text there and nothing that runs
    const preview = page.locator('.ant-modal').filter({ hasText: `脚本公告${n}` });
    await expect(preview.getByText(`正文${n}`)).toBeVisible();
    await expect(preview.getByText(`链接${n}`)).toBeVisible();
    expect(await preview.locator('script, [onerror], a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(Math.round((await preview.locator('.ant-modal-content').boundingBox())!.width)).toBe(1000);
    await preview.getByRole('button', { name: buttonName('关闭') }).click();
    await expect(preview).toHaveCount(0);

    // an administrator writes one in the editor, for the administrators' role, and publishes it
    await openAdminPage(page, '系统管理', '系统公告', '/system/systemnotify');
    const list = table(page, '系统公告');
    await list.getByRole('button', { name: buttonName('新增') }).click();
    const dialog = formDialog(page, 'systemnotify');
    await dialog.locator('#systemnotify-form_title').fill(`停机公告${n}`);
    await pickOption(page, selectOf(dialog, 'systemnotify-form_targetType'), '指定角色');
    await pickTreeNodes(page, selectOf(dialog, 'systemnotify-form_roleId'), ['超级管理员']);
    const editor = dialog.locator('.ProseMirror');
    // the editor takes the row of the two-column form, its label whole (it was cut to '公告')
    const content = dialog.locator('.ant-form-item').filter({ has: page.locator('.ProseMirror') });
    await expect(content.locator('.ant-form-item-label')).toHaveText('公告内容');
    const [title, whole] = [await dialog.locator('.ant-form-item').first().boundingBox(), await content.boundingBox()];
    expect(whole!.width).toBeGreaterThan(title!.width * 1.8);
    await editor.click();
    await page.keyboard.type('今晚 22:00 起');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('系统维护');
    await page.screenshot({ path: test.info().outputPath('announcement-editor.png') });
    await submit(dialog);
    await expect(message(page, '新增成功')).toBeVisible();
    const written = row(list, `停机公告${n}`);
    await expect(written).toContainText('草稿');
    await written.getByText('发布', { exact: true }).click();
    await confirm(page, '发布后接收范围内的用户都会收到该公告, 确定发布?');
    await expect(message(page, '发布成功')).toBeVisible();
    await expect(written).toContainText('已发布');

    // pushed to the open page, it opens by itself at once, its bold text bold
    const opened = page.locator('.ant-modal').filter({ hasText: `停机公告${n}` });
    await expect(opened.locator('strong')).toHaveText('系统维护');
    await page.screenshot({ path: test.info().outputPath('announcement-preview.png') });
    await opened.getByRole('button', { name: buttonName('关闭') }).click();

    // the bell: both announcements, read; the reminder with its count, which leads to its page
    await page.getByRole('button', { name: '通知' }).click();
    const popover = page.locator('.ant-popover .wb-notices');
    await expect(popover.getByText(`停机公告${n}`)).toBeVisible();
    await expect(popover.getByText(`脚本公告${n}`)).toBeVisible();
    await popover.getByRole('tab', { name: /督办提醒 \(\d+\)/ }).click();
    await page.screenshot({ path: test.info().outputPath('notice-popover.png') });
    await popover.getByText(`请核对参数${n}`).click();
    await expect(page).toHaveURL(/\/system\/param$/);
    const reminders = await admin<{ records: { content: string; readStatus: number }[] }>('POST', '/us-system/message-notify/pageMessageNotify', {});
    expect(reminders.data.records.find((r) => r.content === `请核对参数${n}`)!.readStatus).toBe(1);
  });
});
