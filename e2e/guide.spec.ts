import { expect, test } from '@playwright/test';
import { signedIn } from './support/api';
import { ownServer } from './support/own-server';
import { GUIDE_PORT } from './support/servers';
import { openAdminPage, row, table } from './support/organisation';
import { buttonName, loginAs } from './support/shell';

/**
 * The release guide on /wel/index (shell spec §4 'Guide'), on a server of its own: a published
 * version greets every user of every tenant once, which would interrupt the other scenarios.
 */
const base = ownServer({ name: 'guide', port: GUIDE_PORT, env: { CAPTCHA_ENABLED: 'false' } });
test.describe.configure({ mode: 'serial' });

async function publishVersion(version: object, steps: object[]): Promise<void> {
  const admin = await signedIn(base);
  const saved = await admin<{ id: string }>('POST', '/us-system/version-manage/submit', version);
  expect(saved.success, saved.msg).toBe(true);
  for (const step of steps) expect((await admin('POST', '/us-system/version-manage/step/submit', { versionId: saved.data.id, ...step })).success).toBe(true);
  expect((await admin('POST', `/us-system/version-manage/publish?ids=${saved.data.id}`)).msg).toBe('发布成功');
}

test('a step tour: only the steps whose element is on the page, n/total, previous and next; once finished it does not come back', async ({ page }) => {
  await publishVersion({ versionNo: 'v1.1.0', title: '1.1 新功能', guideType: 'step', pushTime: '2026-11-01 00:00:00' }, [
    { sort: 1, content: '通知在这里: 公告和督办提醒', pageTag: '.wb-notice-bell,click' },
    { sort: 2, content: '这一步的元素不在页面上', pageTag: '.no-such-element,click' },
    { sort: 3, content: '导出和导入的进度在这里', pageTag: '.wb-export-indicator,click' },
  ]);
  await loginAs(page, 'admin', 'admin123');
  const tour = page.locator('.ant-tour');
  await expect(tour.getByText('通知在这里: 公告和督办提醒')).toBeVisible();
  await expect(tour.getByText('1/2')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tour.png') });
  await tour.getByRole('button', { name: buttonName('下一步') }).click();
  await expect(tour.getByText('导出和导入的进度在这里')).toBeVisible();
  await expect(tour.getByText('2/2')).toBeVisible();
  await tour.getByRole('button', { name: buttonName('上一步') }).click();
  await expect(tour.getByText('1/2')).toBeVisible();
  await tour.getByRole('button', { name: buttonName('下一步') }).click();
  await tour.getByRole('button', { name: buttonName('结束导览') }).click();
  await expect(tour).toBeHidden();

  await page.reload();
  await expect(page.locator('.wb-header')).toBeVisible();
  // the guide is asked for as the page opens: give it the time it would take to appear
  await page.waitForTimeout(2000);
  await expect(page.locator('.ant-tour:visible')).toHaveCount(0);
});

test('the release carousel, 800 px wide: the notes, then a slide per step, counted n/total, no loop; closed, it is gone for good', async ({ page }) => {
  await publishVersion(
    { versionNo: 'v1.2.0', title: '1.2 更新说明', guideType: 'all', pushTime: '2026-11-20 00:00:00', showContent: 1, content: '<p>本次更新: <strong>上传中心</strong></p>' },
    [
      { sort: 1, content: '第一页: 导入模板' },
      { sort: 2, content: '第二页: 错误文件' },
    ],
  );
  await loginAs(page, 'user', 'admin123');
  const release = page.locator('.wb-release');
  await expect(release.getByText('1.2 更新说明')).toBeVisible();
  await expect(release.getByText('更新日期: 2026-11-20')).toBeVisible();
  await expect(release.locator('strong')).toHaveText('上传中心');
  expect(Math.round((await release.locator('.ant-modal-content').boundingBox())!.width)).toBe(800);
  // which slide of how many, beside the button, as the step tour counts its steps
  const counter = release.locator('.ant-modal-footer').getByText(/^\d+\/\d+$/);
  await expect(counter).toHaveText('1/3');
  await page.screenshot({ path: test.info().outputPath('release-carousel.png') });
  const next = release.locator('.slick-next');
  await next.click();
  await expect(release.locator('.slick-active').getByText('第一页: 导入模板')).toBeVisible();
  await expect(counter).toHaveText('2/3');
  await next.click();
  await expect(release.locator('.slick-active').getByText('第二页: 错误文件')).toBeVisible();
  await expect(counter).toHaveText('3/3');
  await release.locator('.ant-modal-footer').screenshot({ path: test.info().outputPath('release-carousel-counter.png') });
  // the last slide: no way round to the first
  await expect(next).toHaveClass(/slick-disabled/);
  await release.locator('.slick-prev').click();
  await expect(release.locator('.slick-active').getByText('第一页: 导入模板')).toBeVisible();
  await expect(counter).toHaveText('2/3');
  // a dot goes straight to its slide
  await release.locator('.slick-dots li button').first().click();
  await expect(counter).toHaveText('1/3');
  await release.getByRole('button', { name: buttonName('我知道了') }).click();
  await expect(release).toBeHidden();

  await page.reload();
  await expect(page.locator('.wb-header')).toBeVisible();
  await page.waitForTimeout(2000);
  await expect(page.locator('.wb-release')).toHaveCount(0);
});

test('产品版本: the versions, and below them the steps of the one chosen', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  // a newer version than the one this user saw: its notes greet them once
  await page
    .locator('.wb-release')
    .getByRole('button', { name: buttonName('我知道了') })
    .click();
  await openAdminPage(page, '系统管理', '产品版本', '/system/version');
  const versions = table(page, /^产品版本$/);
  await expect(row(versions, 'v1.2.0')).toContainText('已发布');
  await row(versions, 'v1.1.0').getByText('v1.1.0', { exact: true }).click();
  const steps = table(page, '产品版本 · v1.1.0');
  await expect(row(steps, '通知在这里: 公告和督办提醒')).toBeVisible();
  await expect(row(steps, '导出和导入的进度在这里')).toContainText('.wb-export-indicator,click');
});

test('a tour and an unread announcement take turns: whichever comes first, the other opens when it is closed, never under its mask', async ({ page }) => {
  const admin = await signedIn(base);
  const roles = await admin<{ id: string; title: string }[]>('GET', '/us-system/role/tree');
  const adminRole = roles.data.find((r) => r.title === '超级管理员')!.id;
  const notice = await admin<{ id: string }>('POST', '/us-system/system-notify/submit', { title: '轮流打开的公告', content: '<p>导览结束后打开</p>', targetType: 3, roleId: adminRole });
  expect(notice.success, notice.msg).toBe(true);
  expect((await admin('POST', `/us-system/system-notify/publish?ids=${notice.data.id}`)).success).toBe(true);
  await publishVersion({ versionNo: 'v1.3.0', title: '1.3 导览', guideType: 'step', pushTime: '2026-11-25 00:00:00' }, [
    { sort: 1, content: '通知在这里', pageTag: '.wb-notice-bell,click' },
  ]);
  await loginAs(page, 'admin', 'admin123');
  const tour = page.locator('.ant-tour').filter({ hasText: '通知在这里' });
  const announcement = page.locator('.ant-modal').filter({ hasText: '轮流打开的公告' });
  // the guide's chunk and the bell's call race: either may come first
  await expect(tour.or(announcement)).toBeVisible();
  // the bell has fetched (a second after the workbench opened) and the guide has loaded: still one of them
  await page.waitForTimeout(2500);
  const tourFirst = await tour.isVisible();
  await expect(tourFirst ? announcement : tour).toHaveCount(0);
  if (tourFirst) await tour.getByRole('button', { name: buttonName('结束导览') }).click();
  else await announcement.getByRole('button', { name: buttonName('关闭') }).click();
  await expect(tourFirst ? tour : announcement).toBeHidden();
  await expect(tourFirst ? announcement.getByText('导览结束后打开') : tour).toBeVisible();
});
