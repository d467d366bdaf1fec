import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { action, completeOnPage, diagramElement, fillDateTime, flowRows, openAffairs, submitLeave } from './support/flow';
import { spawnServer, stopServer, waitUntilHealthy, type Started } from './support/server-process';
import { baseUrl, FLOW_LEAVE_PORT, type ServerSpec } from './support/servers';
import { buttonName, loginAs, logout, message, shownPage, tab } from './support/shell';

/**
 * The leave process end to end (admin spec §2 work and 'Leave process routes', shell spec §7
 * 'Flow viewer and leave'), on a server of its own, restarted between the claim and the approval:
 * the plain user asks for leave naming the administrator as approver, the administrator claims
 * and approves it (the second run rejects it, the user resubmits, then it is approved), and the
 * user follows it to the end on the detail page, the diagram marked along the path it took.
 */
const spec: ServerSpec = { name: 'flow-leave', port: FLOW_LEAVE_PORT, env: { CAPTCHA_ENABLED: 'false' } };
const base = baseUrl(FLOW_LEAVE_PORT);
let dataDir: string;
let server: Started;

test.use({ baseURL: base });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'wb-e2e-flow-leave-'));
  server = spawnServer(spec, dataDir);
  await waitUntilHealthy(server, 120_000);
});

test.afterAll(async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The same server on the same data, stopped and started again (its sessions survive). */
async function restartServer(): Promise<void> {
  await stopServer(server);
  server = spawnServer(spec, dataDir, true);
  await waitUntilHealthy(server, 120_000);
}

const USER = { account: 'user', password: 'admin123', name: '运营专员' };
const ADMIN_ACCOUNT = { account: 'admin', password: 'admin123' };
const APPROVER = /管理员/;

/** Logs out and in as another account (the login page leads a signed-in browser back to the workbench). */
async function switchTo(page: Page, who: { account: string; password: string }): Promise<void> {
  await logout(page);
  await loginAs(page, who.account, who.password);
}

/** 发起事务 → 请假流程 → 发起: the leave form, in the shell's layout with a tab of its own (not the /work sub-app). */
async function openLeaveForm(page: Page): Promise<void> {
  const start = await openAffairs(page, 'start');
  await action(flowRows(start, '请假流程'), 'start').click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/form\/[^/]+$/);
  await expect(tab(page, '请假申请')).toBeVisible();
  await expect(shownPage(page).locator('form#leave-form')).toBeVisible();
  // the diagram of the process beside the form
  await expect(shownPage(page).locator('.wb-flow-diagram .djs-element[data-element-id="approve"]')).toBeVisible();
}

/** 待签事务 → 签收 the user's request waiting at `taskName`; it moves to 待办事务. */
async function claim(page: Page, taskName: string): Promise<void> {
  const claimList = await openAffairs(page, 'claim');
  const row = flowRows(claimList, taskName);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(USER.name);
  await action(row, 'claim').click();
  await expect(message(page, '签收成功, 已移至待办事务')).toBeVisible();
  await expect(flowRows(claimList, taskName)).toHaveCount(0);
  const todo = await openAffairs(page, 'todo');
  await expect(flowRows(todo, taskName)).toHaveCount(1);
}

test('请假: the user asks for leave naming the administrator; the form checks its fields; the request is in 已发事务', async ({ page }) => {
  await loginAs(page, USER.account, USER.password);
  await openLeaveForm(page);
  const form = shownPage(page).locator('form#leave-form');
  // every field is required, in the contract's words
  await form.getByRole('button', { name: buttonName('提交') }).click();
  for (const text of ['请选择请假类型', '请选择开始时间', '请选择结束时间', '请选择审批人', '请输入请假理由']) await expect(form.getByText(text, { exact: true }).last()).toBeVisible();
  // the end may not come before the start
  await fillDateTime(page, 'leave-form_startTime', '2026-03-02 09:00:00');
  await fillDateTime(page, 'leave-form_endTime', '2026-03-01 18:00:00');
  await expect(form.getByText('结束时间不能早于开始时间')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('leave-form.png') });

  await submitLeave(page, { type: '事假', start: '2026-03-02 09:00:00', end: '2026-03-03 18:00:00', approver: APPROVER, reason: '家中有事, 请假两天' });
  // the form's tab is done with
  await expect(tab(page, '请假申请')).toHaveCount(0);
  const sent = shownPage(page).locator('.wb-flow-work-send');
  const row = flowRows(sent, '请假流程');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('审批人审批');
  await expect(row).toContainText('进行中');
});

test('请假: the administrator finds it in 待签事务, claims it, and has it in 待办事务 and on the workbench home', async ({ page }) => {
  await loginAs(page, ADMIN_ACCOUNT.account, ADMIN_ACCOUNT.password);
  await claim(page, '审批人审批');
  await page.goto('/wel/index');
  const card = shownPage(page).locator('.wb-home-todo');
  await expect(card.locator('.wb-home-todo__item')).toHaveCount(1);
  await expect(card.locator('.wb-home-todo__item')).toContainText('请假流程 · 审批人审批');
});

test('请假: after a restart of the server the administrator approves it from the home card with a comment', async ({ page }) => {
  test.setTimeout(180_000);
  await restartServer();
  await loginAs(page, ADMIN_ACCOUNT.account, ADMIN_ACCOUNT.password);
  const card = shownPage(page).locator('.wb-home-todo');
  await card.locator('.wb-home-todo__item').first().click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/handle\/[^/]+\/[^/]+\/[^/]+$/);
  await expect(tab(page, '请假审批')).toBeVisible();
  const handle = shownPage(page).locator('.wb-leave-handle');
  // the request, read-only
  await expect(handle.locator('.wb-leave-info')).toContainText('家中有事, 请假两天');
  await expect(handle.locator('.wb-leave-info')).toContainText('事假');
  await expect(handle.locator('.wb-leave-info')).toContainText(USER.name);
  // where it stands: the approval open, the way there done
  await expect(diagramElement(handle, 'approve')).toHaveClass(/wb-flow-open/);
  await expect(diagramElement(handle, 'start')).toHaveClass(/wb-flow-done/);
  await expect(handle.getByRole('button', { name: buttonName('驳回') })).toBeVisible();
  await completeOnPage(page, '同意', '同意, 注意安全');
  await expect(tab(page, '请假审批')).toHaveCount(0);
  const done = await openAffairs(page, 'done');
  const row = flowRows(done, '审批人审批');
  await expect(row).toContainText('同意, 注意安全');
  await expect(row).toContainText('已办结');
});

test('请假: the user sees it finished in 已发事务, and on the detail page the diagram marked to the end with the history', async ({ page }) => {
  await loginAs(page, USER.account, USER.password);
  const sent = await openAffairs(page, 'send');
  const row = flowRows(sent, '请假流程');
  await expect(row).toContainText('已办结');
  await action(row, 'detail').click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/detail\/[^/]+\/[^/]+$/);
  await expect(tab(page, '请假详情')).toBeVisible();
  const detail = shownPage(page).locator('.wb-leave-detail');
  await expect(detail.locator('.wb-leave-info')).toContainText('已通过');
  for (const id of ['start', 'toApprove', 'approve', 'toDecision', 'decision', 'approved', 'end']) await expect(diagramElement(detail, id)).toHaveClass(/wb-flow-done/);
  // the ways not taken stay as drawn, nothing is open any more
  await expect(diagramElement(detail, 'rejected')).not.toHaveClass(/wb-flow-done/);
  await expect(diagramElement(detail, 'review')).not.toHaveClass(/wb-flow-done/);
  await expect(detail.locator('.wb-flow-diagram .wb-flow-open')).toHaveCount(0);
  const history = detail.locator('.wb-flow-history');
  const approval = history.locator('tr').filter({ hasText: '审批人审批' });
  await expect(approval).toContainText('同意, 注意安全');
  await expect(approval).toContainText('管理员');
  await expect(approval.locator('.ant-tag')).toHaveText('同意');
  await page.screenshot({ path: test.info().outputPath('leave-detail.png') });
});

test('请假, rejected: the user gets 调整申请 in 待办事务, resubmits it, and the administrator approves it', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, USER.account, USER.password);
  await openLeaveForm(page);
  await submitLeave(page, { type: '病假', start: '2026-04-01 09:00:00', end: '2026-04-01 18:00:00', approver: APPROVER, reason: '看病, 请假一天' });

  // the administrator rejects it
  await switchTo(page, ADMIN_ACCOUNT);
  await claim(page, '审批人审批');
  const todo = shownPage(page).locator('.wb-flow-work-todo');
  await action(flowRows(todo, '审批人审批'), 'handle').click();
  await expect(shownPage(page).locator('.wb-leave-info')).toContainText('看病, 请假一天');
  await completeOnPage(page, '驳回', '请补充病历');

  // the applicant adjusts: 重新提交 / 撤销申请 instead of 同意 / 驳回
  await switchTo(page, USER);
  const userTodo = await openAffairs(page, 'todo');
  const adjust = flowRows(userTodo, '调整申请');
  await expect(adjust).toHaveCount(1);
  await action(adjust, 'handle').click();
  const handle = shownPage(page).locator('.wb-leave-handle');
  await expect(handle.getByRole('button', { name: buttonName('重新提交') })).toBeVisible();
  await expect(handle.getByRole('button', { name: buttonName('撤销申请') })).toBeVisible();
  await expect(handle.locator('.wb-flow-history')).toContainText('请补充病历');
  await expect(diagramElement(handle, 'adjust')).toHaveClass(/wb-flow-open/);
  await expect(diagramElement(handle, 'rejected')).toHaveClass(/wb-flow-done/);
  await completeOnPage(page, '重新提交', '已补充病历');

  // back to the approver, who claims and approves it
  await switchTo(page, ADMIN_ACCOUNT);
  await claim(page, '审批人审批');
  await action(flowRows(shownPage(page).locator('.wb-flow-work-todo'), '审批人审批'), 'handle').click();
  await completeOnPage(page, '同意', '同意');

  // the user: finished in 已发事务, the adjustment in 办结事务, the path through the rejection marked
  await switchTo(page, USER);
  const done = await openAffairs(page, 'done');
  await expect(flowRows(done, '调整申请')).toContainText('已补充病历');
  const sent = await openAffairs(page, 'send');
  const row = flowRows(sent, '请假流程').first();
  await expect(row).toContainText('已办结');
  await action(row, 'detail').click();
  const detail = shownPage(page).locator('.wb-leave-detail');
  await expect(detail.locator('.wb-leave-info')).toContainText('看病, 请假一天');
  await expect(detail.locator('.wb-leave-info')).toContainText('已通过');
  for (const id of ['rejected', 'adjust', 'resubmitted', 'approved', 'end']) await expect(diagramElement(detail, id)).toHaveClass(/wb-flow-done/);
  await expect(diagramElement(detail, 'withdraw')).not.toHaveClass(/wb-flow-done/);
});
