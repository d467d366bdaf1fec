import { expect, test } from '@playwright/test';
import { login, openPicker, pickerDropdown, pickerValue, searchProject, storedValue } from './support/shell';

test.describe('project and city picker', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('starts on the first city’s first project, picks by hand, keeps the choice across a reload', async ({ page }) => {
    const picker = page.locator('.wb-project-picker');
    await expect(picker).toBeVisible();
    await expect(pickerValue(page)).toHaveText('深圳湾科技园');
    const box = await picker.boundingBox();
    expect(Math.round(box!.width)).toBe(250);

    // company → city → project, hovering to open the next column
    await openPicker(page);
    const dropdown = pickerDropdown(page);
    await dropdown.locator('li[title="城市服务集团"]').hover();
    await dropdown.locator('li[title="广州"]').hover();
    await dropdown.locator('li[title="琶洲互联网区"]').click();
    await expect(pickerValue(page)).toHaveText('琶洲互联网区');
    await expect(page.locator('.ant-descriptions').first().getByText('琶洲互联网区')).toBeVisible();
    await expect(page.locator('.ant-descriptions').first().getByText('缩放 13 · 第 3 级')).toBeVisible();

    await page.reload();
    await expect(pickerValue(page)).toHaveText('琶洲互联网区');
    const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('saber-project-')));
    expect(saved).toHaveLength(1);
  });

  test('search finds projects by name, an all entry can be picked, nothing found says 暂无数据', async ({ page }) => {
    await searchProject(page, '前海');
    // a search result names the whole path
    await pickerDropdown(page).getByText('前海国际中心').click();
    await expect(pickerValue(page)).toHaveText('前海国际中心');

    await searchProject(page, '没有这个项目');
    await expect(pickerDropdown(page).getByText('暂无数据')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(pickerDropdown(page)).toBeHidden();

    await searchProject(page, '');
    await pickerDropdown(page).locator('li[title="物业运营公司"]').hover();
    await pickerDropdown(page).locator('li[title="全部(物业运营公司)"]').click();
    await expect(pickerValue(page)).toHaveText('全部(物业运营公司)');
    await expect(page.locator('.ant-descriptions').first().getByText('缩放 5 · 第 1 级')).toBeVisible();
    const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('saber-project-000000-')));
    expect(await storedValue(page, key!.replace('saber-', ''))).toMatchObject({ id: '-1' });
  });

  test('the projectId query parameter picks the project at start-up', async ({ page }) => {
    // the tree's ids: find the id of 天河CBD through the API the page uses
    const id = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('saber-token')!).content as string;
      const res = await fetch('/us-system/old-system/project-tree', { headers: { 'saas-auth': `bearer ${token}` } });
      const tree = (await res.json()).data as { name: string; children?: { name: string; children?: { id: string; name: string }[] }[] }[];
      return tree[0].children!.find((c) => c.name === '广州')!.children!.find((p) => p.name === '天河CBD')!.id;
    });
    await page.goto(`/wel/index?projectId=${id}`);
    await expect(pickerValue(page)).toHaveText('天河CBD');
  });

  test('the business-systems dropdown lists the links of the current project, filled with the user’s fields', async ({ page, context }) => {
    // the third-party sites are not reachable from the test machine: answer for them
    await context.route('https://parking.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>parking</h1>' }));
    const links = page.locator('.wb-header-links');
    // 深圳湾科技园 is among the first two projects, which 能耗管理 is limited to
    await expect(pickerValue(page)).toHaveText('深圳湾科技园');
    await links.hover();
    await expect(page.getByRole('menuitem', { name: '能耗管理' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '智慧停车' })).toBeVisible();

    const popup = page.waitForEvent('popup');
    await page.getByRole('menuitem', { name: '智慧停车' }).click();
    const opened = await popup;
    await expect.poll(() => opened.url()).toBe('https://parking.example.com/?account=admin');
    await opened.close();

    // a project beyond the first two: only the link for every project is left
    await searchProject(page, '南山智慧');
    await pickerDropdown(page).getByText('南山智慧街道').click();
    await expect(pickerValue(page)).toHaveText('南山智慧街道');
    await links.hover();
    await expect(page.getByRole('menuitem', { name: '智慧停车' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '能耗管理' })).toHaveCount(0);
  });
});
