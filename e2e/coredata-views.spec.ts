import { expect, test, type Locator, type Page } from '@playwright/test';
import { contrast } from '@wb/resource-ui/contrast';
import { unique } from './support/api';
import { login } from './support/shell';
import { openCoredata, openSideMenu, shot, subApp } from './support/micro-apps';

/*
 * 主数据 keeps what the user just added in view (issue 31): a new record starts in the picked
 * project, its grid is one of that project's, a record saved elsewhere says why it is not listed,
 * and a new project stays listed. The app follows the shell's theme and colour, live.
 */
const dropdown = (app: Locator) => app.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const formOf = (app: Locator) => app.locator('.ant-modal').last();
/** The text a select of the form shows (its chosen option). */
const chosen = (form: Locator, id: string) => form.locator(`.ant-select:has(#${id}) .ant-select-selection-item`);

async function choose(app: Locator, form: Locator, label: string, option: string): Promise<void> {
  await form.getByLabel(label).click();
  await dropdown(app).getByText(option, { exact: true }).click();
  await expect(dropdown(app)).toBeHidden();
}

/** The options a select of the form offers. */
async function optionsOf(app: Locator, form: Locator, label: string): Promise<string[]> {
  await form.getByLabel(label).click();
  const options = dropdown(app).locator('.ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const texts = await options.allTextContents();
  await form.getByLabel(label).press('Escape');
  await expect(dropdown(app)).toBeHidden();
  return texts;
}

async function openPage(page: Page, name: string, path: RegExp): Promise<Locator> {
  const app = await openCoredata(page);
  await openSideMenu(page, '主数据', name);
  await expect(page).toHaveURL(path);
  await expect(app.locator('.coredata-project-filter, .ant-table').first()).toBeVisible();
  return app;
}

test.describe('coredata: a saved record stays in view', () => {
  test('作业点位: 所属项目 starts as the picked project, 所属网格 offers its grids, the new point is listed; one saved elsewhere says why it is not', async ({ page }) => {
    await login(page);
    const app = await openPage(page, '作业点位', /\/coredata\/jobLocation$/);
    await expect(app.locator('.coredata-project-filter')).toContainText('深圳湾科技园');
    const rows = app.locator('.ant-table-row');

    const name = unique('东门清扫点');
    await app.getByRole('button', { name: /新\s?增/ }).click();
    const form = formOf(app);
    await expect(chosen(form, 'jobLocation-form_projectId')).toHaveText('深圳湾科技园');
    // the cascade: the picked project's grids only
    expect((await optionsOf(app, form, '所属网格')).sort()).toEqual(['深圳湾A区网格', '深圳湾B区网格']);
    await form.getByLabel('点位名称').fill(name);
    await form.getByLabel('点位编号').fill(name.toUpperCase());
    await choose(app, form, '点位类型', '清扫点');
    await choose(app, form, '所属网格', '深圳湾B区网格');
    await shot(page, 'coredata-joblocation-prefilled');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await expect(app.locator('.ant-message').getByText('新增成功')).toBeVisible();
    await expect(rows.filter({ hasText: name })).toContainText('深圳湾B区网格');
    await expect(app.locator('.coredata-saved-notice')).toHaveCount(0);

    // another project: its grids, the grid picked before cleared; saved, it says why it is not listed
    const elsewhere = unique('前海巡查点');
    await app.getByRole('button', { name: /新\s?增/ }).click();
    const second = formOf(app);
    await choose(app, second, '所属网格', '深圳湾A区网格');
    await second.getByLabel('所属项目').fill('前海');
    await dropdown(app).getByText('前海国际中心', { exact: true }).click();
    await expect(chosen(second, 'jobLocation-form_gridId')).toHaveCount(0);
    expect(await optionsOf(app, second, '所属网格')).toEqual(['前海一号网格']);
    await second.getByLabel('点位名称').fill(elsewhere);
    await second.getByLabel('点位编号').fill(elsewhere.toUpperCase());
    await choose(app, second, '点位类型', '巡查点');
    await choose(app, second, '所属网格', '前海一号网格');
    await second.getByRole('button', { name: /确\s?定/ }).click();
    await expect(app.locator('.coredata-saved-notice')).toContainText(`「${elsewhere}」已保存, 但它不属于当前所选项目「深圳湾科技园」`);
    await expect(rows.filter({ hasText: elsewhere })).toHaveCount(0);
    await shot(page, 'coredata-saved-elsewhere');
  });

  test('项目管理: 所属城市 offers the chosen company’s cities; a new project stays listed beside the picked one', async ({ page }) => {
    await login(page);
    const app = await openPage(page, '项目管理', /\/coredata\/project$/);
    const rows = app.locator('.ant-table-row');
    await expect(rows).toHaveCount(1);

    const name = unique('滨海新项目');
    await app.getByRole('button', { name: /新\s?增/ }).click();
    const form = formOf(app);
    await form.getByLabel('项目名称').fill(name);
    await choose(app, form, '所属公司', '物业运营公司');
    expect(await optionsOf(app, form, '所属城市')).toEqual(['上海']);
    await choose(app, form, '所属城市', '上海');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await expect(app.locator('.ant-message').getByText('新增成功')).toBeVisible();
    await expect(rows.filter({ hasText: name })).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(app.locator('.coredata-saved-notice')).toContainText(`新增的项目「${name}」不在当前所选项目「深圳湾科技园」中`);
    await shot(page, 'coredata-project-kept');
  });
});

test.describe('coredata follows the shell’s theme and colour', () => {
  /** A button's fill and label: the hue of the fill (which channel leads) and how the label reads on it. */
  const look = (button: Locator) =>
    button.evaluate((el) => {
      const rgb = (css: string) => css.match(/\d+/g)!.slice(0, 3).map(Number);
      const [fill, label] = [rgb(getComputedStyle(el).backgroundColor), rgb(getComputedStyle(el).color)];
      const hex = (c: number[]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
      return { fill: hex(fill), label: hex(label), lead: ['red', 'green', 'blue'][fill.indexOf(Math.max(...fill))] };
    });
  const reads = async (button: Locator, lead: string) => {
    await expect.poll(async () => (await look(button)).lead).toBe(lead);
    const { fill, label } = await look(button);
    // the colour's readable shade (@wb/resource-ui/readable-tokens), as the shell's own buttons
    expect(contrast(label, fill), `${label} on ${fill}`).toBeGreaterThanOrEqual(4.5);
    return fill;
  };

  test('a colour recolours its buttons and the dark theme darkens it, while it is mounted', async ({ page }) => {
    await login(page);
    const app = await openPage(page, '车辆管理', /\/coredata\/vehicle$/);
    const add = app.getByRole('button', { name: /新\s?增/ });
    await reads(add, 'red');
    await expect(app.locator('.coredata-app')).not.toHaveCSS('background-color', 'rgb(0, 0, 0)');

    await page.getByRole('button', { name: '主题' }).click();
    await page.getByRole('button', { name: '#1677ff' }).click();
    const light = await reads(add, 'blue');
    await page.getByRole('radiogroup', { name: '主题' }).getByRole('radio', { name: '黑色主题' }).click();
    await page.keyboard.press('Escape');
    await expect(app.locator('.coredata-app')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await expect(app.locator('.ant-table').first()).toHaveCSS('background-color', 'rgb(20, 20, 20)');
    // on the dark page the shade is another one, still readable
    await expect.poll(async () => (await look(add)).fill).not.toBe(light);
    const dark = await reads(add, 'blue');
    await shot(page, 'coredata-dark-blue');

    // a reload mounts it afresh: it reads the theme from its props
    await page.reload();
    const again = subApp(page, 'coredata');
    await expect(again.locator('.coredata-app')).toHaveCSS('background-color', 'rgb(0, 0, 0)', { timeout: 30_000 });
    expect(await reads(again.getByRole('button', { name: /新\s?增/ }), 'blue')).toBe(dark);
  });
});
