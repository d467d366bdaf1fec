import { expect } from 'vitest';
import { FLOW_PATHS, LEAVE_PROCESS_KEY } from '@wb/contracts/flow';
import type { as } from '../helper';

/** The calls the flow tests make, as a signed-in caller (test/helper.ts `as`). */
export type Caller = Awaited<ReturnType<typeof as>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field
export type Body = { code: number; msg: string; data: any };

export const call = async (who: Caller, method: 'GET' | 'POST', url: string, body?: object) => {
  const res = await who.call({ method, url, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }) });
  return { status: res.statusCode, body: res.json() as Body };
};

/** A GET that must answer 200 (a first page of 100 for lists): its data. */
export const get = async (who: Caller, url: string, query: Record<string, string> = {}) => {
  const r = await call(who, 'GET', url, { current: '1', size: '100', ...query });
  expect(r.status, `${url} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
};

/** A POST that must answer 200: its data. */
export const ok = async (who: Caller, url: string, body: object) => {
  const r = await call(who, 'POST', url, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

/** deploy-upload's multipart body: the fields, then each file as `files`. */
export function deployForm(files: [string, string][], fields: Record<string, string>) {
  const boundary = '----flowtest';
  const parts = [
    ...Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ...files.map(([name, xml]) => `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/xml\r\n\r\n${xml}\r\n`),
  ];
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const upload = async (who: Caller, files: [string, string][], fields: Record<string, string> = { category: 'flow_2' }) => {
  const { payload, contentType } = deployForm(files, fields);
  const res = await who.call({ method: 'POST', url: FLOW_PATHS.managerDeployUpload, payload, headers: { 'content-type': contentType } });
  return { status: res.statusCode, body: res.json() as Body };
};

/** The task of an instance in one of the work lists, if it is there. */
export const taskOf = async (who: Caller, list: string, instanceId: string) =>
  (await get(who, list)).records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId);

/** The seeded leave process as `who` may start it (the start list's record). */
export const leaveDefinition = async (who: Caller) => (await get(who, FLOW_PATHS.startList)).records.find((r: { key: string }) => r.key === LEAVE_PROCESS_KEY);

/** The leave request of `days` from 2026-12-01 that `who` sends to `approver`; the whole answer, for the refusals. */
export const leaveRequest = async (who: Caller, approver: Caller, days = 1, processDefinitionId?: string) =>
  call(who, 'POST', FLOW_PATHS.leaveStart, {
    processDefinitionId: processDefinitionId ?? (await leaveDefinition(who)).id,
    leaveType: '1',
    startTime: '2026-12-01 09:00:00',
    endTime: `2026-12-${String(1 + days).padStart(2, '0')} 09:00:00`,
    reason: '家中有事',
    taskUser: String(approver.token.user_id),
  });

/** A leave request that must be accepted: its business and instance ids. */
export const startLeave = async (who: Caller, approver: Caller, days = 1): Promise<{ businessId: string; processInstanceId: string }> => {
  const r = await leaveRequest(who, approver, days);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
