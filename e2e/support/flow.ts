import { expect, type Locator, type Page } from '@playwright/test';
import { dropdown, openAdminPage } from './organisation';
import { buttonName, message, shownPage } from './shell';

/**
 * The flow's pages as their users see them (apps/shell/src/admin/flow, features/flow): the
 * 我的事务 lists, the leave form, handle and detail pages, and the viewer's marks.
 */

export const AFFAIRS = {
  start: ['发起事务', '/work-affairs/start'],
  claim: ['待签事务', '/work-affairs/claim'],
  todo: ['待办事务', '/work-affairs/todo'],
  send: ['已发事务', '/work-affairs/send'],
  done: ['办结事务', '/work-affairs/done'],
} as const;

/** Opens a list of 我的事务 from the side menu (系统管理 top menu). */
export async function openAffairs(page: Page, list: keyof typeof AFFAIRS): Promise<Locator> {
  const [name, path] = AFFAIRS[list];
  await openAdminPage(page, '我的事务', name, path);
  return shownPage(page).locator(`.wb-flow-work-${list}`);
}

/** The data rows of the list on screen that hold `text`. */
export function flowRows(scope: Locator, text: string | RegExp): Locator {
  return scope.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
}

/** A row's action link (发起, 签收, 办理, 详情, 流程图 …) by its class. */
export function action(row: Locator, name: 'start' | 'claim' | 'handle' | 'detail' | 'diagram' | 'edit' | 'deploy' | 'preview' | 'delete' | 'state'): Locator {
  return row.locator(`.wb-flow-action--${name}`);
}

/** Picks an option of an antd select by its input's id. */
export async function choose(page: Page, scope: Locator, inputId: string, label: string | RegExp): Promise<void> {
  await scope
    .locator('.ant-select')
    .filter({ has: page.locator(`#${inputId}`) })
    .click();
  const option = dropdown(page).locator('.ant-select-item-option').filter({ hasText: label }).first();
  await option.click();
}

/** Types a date and time into a picker and confirms it. */
export async function fillDateTime(page: Page, inputId: string, value: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

export interface LeaveInput {
  type: string;
  start: string;
  end: string;
  /** the approver's option text */
  approver: string | RegExp;
  reason: string;
}

/** Fills the leave form (请假申请) on screen and submits it: the shell goes to 已发事务. */
export async function submitLeave(page: Page, leave: LeaveInput): Promise<void> {
  const form = shownPage(page).locator('form#leave-form');
  await choose(page, form, 'leave-form_leaveType', leave.type);
  await fillDateTime(page, 'leave-form_startTime', leave.start);
  await fillDateTime(page, 'leave-form_endTime', leave.end);
  await choose(page, form, 'leave-form_taskUser', leave.approver);
  await form.locator('#leave-form_reason').fill(leave.reason);
  await form.getByRole('button', { name: buttonName('提交') }).click();
  await expect(message(page, '提交成功')).toBeVisible();
  await expect(page).toHaveURL(/\/work-affairs\/send$/);
}

/** Completes the task of the handle page on screen with a comment and one of its buttons. */
export async function completeOnPage(page: Page, button: '同意' | '驳回' | '重新提交' | '撤销申请', comment: string): Promise<void> {
  const handle = shownPage(page).locator('.wb-leave-handle');
  await handle.locator('#leave-handle-comment').fill(comment);
  await handle.getByRole('button', { name: buttonName(button) }).click();
  await expect(message(page, '办理成功')).toBeVisible();
  await expect(page).toHaveURL(/\/work-affairs\/todo$/);
}

/** The element of the diagram on screen with its id (bpmn-js marks it with our classes). */
export function diagramElement(scope: Locator, id: string): Locator {
  return scope.locator(`.wb-flow-diagram .djs-element[data-element-id="${id}"]`);
}
