import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedIn, unique } from './support/api';
import { action, choose, completeOnPage, diagramElement, flowRows, openAffairs, submitLeave } from './support/flow';
import { openAdminPage } from './support/organisation';
import { ownServer } from './support/own-server';
import { FLOW_MODEL_PORT } from './support/servers';
import { buttonName, confirmDialog, login, loginAs, logout, message, shownPage } from './support/shell';

/**
 * 模型管理 → 流程管理 → 我的事务 (admin spec §2 flow): the administrator draws a process in the
 * modeller (bpmn-js with our properties panel), saves and deploys it under 请假流程 (flow_1, so
 * its start form is the leave form); the plain user starts it from 发起事务 naming the
 * administrator, who completes its tasks from 待办事务 (no one approves their own request).
 * On a server of its own: the tasks remind the administrator, which other scenarios would see.
 */
const USER = { account: 'user', password: 'admin123' };
const base = ownServer({ name: 'flow-model', port: FLOW_MODEL_PORT, env: { CAPTCHA_ENABLED: 'false' } });
test.describe.configure({ mode: 'serial' });

const n = unique('');
const KEY = `review_${n}`;
const NAME = `复核流程${n}`;

const modeler = (page: Page) => page.locator('.wb-flow-modeler');
/** The properties panel's field by its input id. */
const prop = (page: Page, id: string) => modeler(page).locator(`#flow-prop-${id}`);

/** Commits a text field of the panel (it writes to the diagram when left, or on Enter). */
async function setProp(page: Page, id: string, value: string): Promise<void> {
  await prop(page, id).fill(value);
  await prop(page, id).press('Enter');
}

/** Drops a new task from the palette onto the middle of a sequence flow: bpmn-js inserts it into the flow. */
async function dropTaskOnFlow(page: Page, flow: Locator): Promise<void> {
  const box = await flow.boundingBox();
  if (!box) throw new Error('the flow is not on screen');
  await modeler(page).locator('.djs-palette [data-action="create.task"]').click();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x - 40, y + 40, { steps: 5 });
  await page.mouse.move(x, y, { steps: 10 });
  await page.mouse.click(x, y);
}

test('模型管理: a model drawn in the modeller, with a user task assigned through the properties panel, is saved and deployed', async ({ page }) => {
  await login(page);
  await openAdminPage(page, '流程管理', '模型管理', '/flow/model');
  const list = shownPage(page).locator('.wb-flow-model');
  await list.getByRole('button', { name: buttonName('新增') }).click();
  const dialog = modeler(page);
  await expect(dialog.locator('.djs-palette')).toBeVisible();
  // a new model starts as start → 审批 → end
  await expect(diagramElementIn(dialog, 'approve')).toBeVisible();
  await expect(dialog.locator('.wb-flow-props h5')).toHaveText('流程');

  // a task dropped on the flow after 审批 becomes a user task named 复核, assigned to the administrator
  await dropTaskOnFlow(page, diagramElementIn(dialog, 'toEnd'));
  await expect(dialog.locator('.wb-flow-props h5')).toHaveText('任务');
  await setProp(page, 'name', '复核');
  await choose(page, dialog, 'flow-prop-type', /^用户任务$/);
  await expect(dialog.locator('.wb-flow-props h5')).toHaveText('用户任务');
  await choose(page, dialog, 'flow-prop-assignee', /^管理员 \(admin\)$/);
  await expect(dialog.locator('.wb-flow-prop--assignee .ant-select-selection-item')).toHaveText('管理员 (admin)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('modeler.png') });

  // the process: its key and name, on the empty canvas
  const canvas = await dialog.locator('.wb-flow-modeler__canvas').boundingBox();
  await page.mouse.click(canvas!.x + canvas!.width - 100, canvas!.y + canvas!.height - 100);
  await expect(dialog.locator('.wb-flow-props h5')).toHaveText('流程');
  await setProp(page, 'processId', KEY);
  await setProp(page, 'processName', NAME);
  await prop(page, 'description').fill('审批后由管理员复核');
  await dialog.getByRole('button', { name: buttonName('保存') }).click();
  await expect(message(page, '保存成功')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = flowRows(list, KEY);
  await expect(row).toContainText(NAME);
  await expect(row).toContainText('v1');

  // 预览 draws what was saved
  await action(row, 'preview').click();
  const preview = page.locator('.wb-flow-preview-dialog');
  await expect(diagramElementIn(preview, 'approve')).toBeVisible();
  await expect(preview.locator('.djs-element.djs-shape').filter({ hasText: '复核' })).toBeVisible();
  await preview.locator('.ant-modal-close').click();

  // 部署 under 请假流程
  await action(row, 'deploy').click();
  const deploy = page.locator('.wb-flow-deploy-dialog');
  await choose(page, deploy, 'flow-model-deploy_category', '请假流程');
  await deploy.getByRole('button', { name: buttonName('部署') }).click();
  await expect(message(page, '部署成功')).toBeVisible();

  // 流程管理 lists the definition, active
  await openAdminPage(page, '流程管理', '流程管理', '/flow/manager');
  const manager = shownPage(page).locator('.wb-flow-manager');
  const deployed = flowRows(manager, KEY);
  await expect(deployed).toContainText(NAME);
  await expect(deployed).toContainText('激活');
  await expect(deployed).toContainText('请假流程');
});

test('the deployed model is started from 发起事务 on the leave form, and its two tasks are completed from 待办事务', async ({ page }) => {
  // the applicant and the approver sign in by turns: four logins besides the steps
  test.setTimeout(180_000);
  await loginAs(page, USER.account, USER.password);
  const start = await openAffairs(page, 'start');
  await action(flowRows(start, NAME), 'start').click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/form\/[^/]+$/);
  await expect(diagramElement(shownPage(page), 'approve')).toBeVisible();
  await submitLeave(page, { type: '年假', start: '2026-05-06 09:00:00', end: '2026-05-06 18:00:00', approver: /管理员/, reason: `年假${n}` });

  // 审批: assigned to the approver the form named (${taskUser}), so straight in the administrator's 待办事务
  await logout(page);
  await login(page);
  const todo = await openAffairs(page, 'todo');
  await action(flowRows(todo, NAME).filter({ hasText: '审批' }), 'handle').click();
  await expect(shownPage(page).locator('.wb-leave-info')).toContainText(`年假${n}`);
  await completeOnPage(page, '同意', '审批同意');

  // 复核: the task added in the modeller, assigned to the administrator there
  const review = flowRows(shownPage(page).locator('.wb-flow-work-todo'), '复核');
  await expect(review).toHaveCount(1);
  await action(review, 'handle').click();
  const handle = shownPage(page).locator('.wb-leave-handle');
  await expect(handle.locator('.wb-flow-diagram .djs-element.wb-flow-open')).toHaveCount(1);
  await completeOnPage(page, '同意', '复核同意');

  // finished: the whole path marked, in the applicant's 已发事务
  await logout(page);
  await loginAs(page, USER.account, USER.password);
  const sent = await openAffairs(page, 'send');
  const row = flowRows(sent, NAME);
  await expect(row).toContainText('已办结');
  await action(row, 'detail').click();
  const detail = shownPage(page).locator('.wb-leave-detail');
  await expect(diagramElement(detail, 'end')).toHaveClass(/wb-flow-done/);
  await expect(detail.locator('.wb-flow-diagram .wb-flow-open')).toHaveCount(0);
  await expect(detail.locator('.wb-flow-history')).toContainText('复核同意');

  // 流程管理: a deployment with no running instance goes
  await logout(page);
  await login(page);
  await openAdminPage(page, '流程管理', '流程管理', '/flow/manager');
  const manager = shownPage(page).locator('.wb-flow-manager');
  await action(flowRows(manager, KEY), 'delete').click();
  await expect(confirmDialog(page).getByText('确定将选择数据删除?')).toBeVisible();
  await confirmDialog(page)
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(flowRows(manager, KEY)).toHaveCount(0);
});

/** A process file as a designer would export it: start → 经办 (the applicant) → end. */
const uploadedBpmn = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d_${key}" targetNamespace="http://workbench/flow">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:userTask id="handle" name="经办" camunda:assignee="\${applyUser}" />
    <bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="handle" />
    <bpmn:sequenceFlow id="f2" sourceRef="handle" targetRef="e" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="dd_${key}">
    <bpmndi:BPMNPlane id="p_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_di" bpmnElement="s"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="handle_di" bpmnElement="handle"><dc:Bounds x="200" y="78" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="e_di" bpmnElement="e"><dc:Bounds x="360" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="200" y="118" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="300" y="118" /><di:waypoint x="360" y="118" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

test('流程部署 uploads a process file; 流程管理 suspends and activates it; its task is handled in the dialog; 流程跟踪 deletes an instance with a reason', async ({ page }) => {
  const key = `upload_${n}`;
  const name = `上传流程${n}`;
  await login(page);
  await openAdminPage(page, '流程管理', '流程部署', '/flow/deploy');
  const deploy = shownPage(page).locator('.wb-flow-deploy');
  await deploy.getByRole('button', { name: buttonName('部署') }).click();
  await expect(deploy.locator('.ant-form-item-explain-error').filter({ hasText: '请选择流程分类' })).toBeVisible();
  await expect(deploy.locator('.ant-form-item-explain-error').filter({ hasText: '请选择流程文件' })).toBeVisible();
  await choose(page, deploy, 'flow-deploy_category', '报销流程');
  await deploy.locator('input[type="file"]').setInputFiles({ name: `${key}.bpmn`, mimeType: 'application/xml', buffer: Buffer.from(uploadedBpmn(key, name)) });
  await deploy.getByRole('button', { name: buttonName('部署') }).click();
  await expect(message(page, '部署成功')).toBeVisible();

  // 变更状态: suspended, then active again
  await openAdminPage(page, '流程管理', '流程管理', '/flow/manager');
  const manager = shownPage(page).locator('.wb-flow-manager');
  const row = flowRows(manager, key);
  await expect(row).toContainText('报销流程');
  await expect(row).toContainText('激活');
  await action(row, 'state').click();
  await expect(confirmDialog(page).getByText('确定将该流程挂起?')).toBeVisible();
  await confirmDialog(page)
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(row).toContainText('挂起');
  await action(row, 'state').click();
  await expect(confirmDialog(page).getByText('确定将该流程激活?')).toBeVisible();
  await confirmDialog(page)
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(row).toContainText('激活');
  // 流程图 of the definition
  await action(row, 'diagram').click();
  const viewer = page.locator('.wb-flow-viewer-dialog');
  await expect(viewer.locator('.djs-element[data-element-id="handle"]')).toBeVisible();
  await viewer.locator('.ant-modal-close').click();

  // started (the catalogue's one start call is the leave's), its category has no pages of the
  // shell: 发起 says so, and its task is handled in the generic dialog
  const admin = await signedIn(base);
  const startable = (await admin<{ records: { id: string; key: string }[] }>('GET', '/us-flow/work/start-list?current=1&size=50')).data.records;
  // the leave form names an approver other than the applicant; the uploaded process gives its task to the applicant (${applyUser})
  const approverId = (await admin<{ id: string; account: string }[]>('GET', '/us-flow/work/user-select')).data.find((u) => u.account === USER.account)!.id;
  const startLeave = async (key: string, reason: string) => {
    const started = await admin('POST', '/us-desk/process/leave/start-process', {
      processDefinitionId: startable.find((p) => p.key === key)!.id,
      leaveType: '4',
      startTime: '2026-06-01 09:00:00',
      endTime: '2026-06-01 12:00:00',
      reason,
      taskUser: approverId,
    });
    expect(started.success).toBe(true);
  };
  const start = await openAffairs(page, 'start');
  await action(flowRows(start, name), 'start').click();
  await expect(message(page, '该流程分类暂无发起页面')).toBeVisible();
  await startLeave(key, `报销${n}`);
  const todo = await openAffairs(page, 'todo');
  await action(flowRows(todo, name), 'handle').click();
  const handleDialog = page.locator('.wb-flow-handle-dialog');
  await expect(handleDialog.locator('.djs-element[data-element-id="handle"]')).toHaveClass(/wb-flow-open/);
  await handleDialog.locator('textarea').fill('已经办');
  await handleDialog.getByRole('button', { name: buttonName('同意') }).click();
  await expect(message(page, '办理成功')).toBeVisible();
  await expect(handleDialog).toHaveCount(0);
  await expect(flowRows(todo, name)).toHaveCount(0);

  // a running leave (the seeded process), tracked and deleted with a reason
  await startLeave('Leave', `调休${n}`);
  await openAdminPage(page, '流程管理', '流程跟踪', '/flow/follow');
  const follow = shownPage(page).locator('.wb-flow-follow');
  const running = flowRows(follow, '审批人审批').filter({ hasText: '请假流程' });
  await expect(running).toHaveCount(1);
  await action(running, 'diagram').click();
  await expect(viewer.locator('.djs-element[data-element-id="approve"]')).toHaveClass(/wb-flow-open/);
  await viewer.locator('.ant-modal-close').click();
  await action(running, 'delete').click();
  const reason = page.locator('.wb-flow-delete-instance');
  await reason.getByRole('button', { name: buttonName('删除') }).click();
  await expect(reason.getByText('请输入删除理由', { exact: true }).last()).toBeVisible();
  await reason.locator('#flow-delete-instance_deleteReason').fill('重复提交');
  await reason.getByRole('button', { name: buttonName('删除') }).click();
  await expect(message(page, '操作成功')).toBeVisible();
  await expect(running).toHaveCount(0);
});

test('at 1024 × 768 the modeller shows the whole new drawing beside its palette, none of it under it', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page);
  await openAdminPage(page, '流程管理', '模型管理', '/flow/model');
  await shownPage(page)
    .locator('.wb-flow-model')
    .getByRole('button', { name: buttonName('新增') })
    .click();
  const dialog = modeler(page);
  await expect(diagramElementIn(dialog, 'approve')).toBeVisible();
  const palette = (await dialog.locator('.djs-palette').boundingBox())!;
  const canvas = (await dialog.locator('.wb-flow-modeler__canvas').boundingBox())!;
  for (const shape of await dialog.locator('.djs-shape').all()) {
    const box = (await shape.boundingBox())!;
    expect(box.x, `${await shape.getAttribute('data-element-id')} starts right of the palette`).toBeGreaterThan(palette.x + palette.width);
    expect(box.x + box.width, `${await shape.getAttribute('data-element-id')} ends inside the canvas`).toBeLessThan(canvas.x + canvas.width);
  }
  await page.screenshot({ path: test.info().outputPath('modeler-1024.png') });
});

function diagramElementIn(scope: Locator, id: string): Locator {
  return scope.locator(`.djs-element[data-element-id="${id}"]`);
}
