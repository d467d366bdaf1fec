import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the fake received: the form Yunpian's API takes. */
export interface Received {
  path: string;
  form: Record<string, string>;
}

/**
 * A local stand-in for Yunpian's SMS API (v2, form-encoded POSTs answering JSON): it keeps
 * what it receives, and answers as Yunpian does — code 0 for a sent message, or the error
 * `refuse(mobile)` names (HTTP 400, as Yunpian answers a refused request).
 */
export async function startFakeYunpian(opts: { apiKey: string; refuse?: (mobile: string) => string | undefined }) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      received.push({ path: req.url ?? '', form });
      const answer = (status: number, json: object) => res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(json));
      if (form.apikey !== opts.apiKey) return answer(401, { code: -1, msg: '非法的apikey', detail: '请检查apikey是否正确' });
      const refused = opts.refuse?.(form.mobile);
      if (refused) return answer(400, { code: 2, msg: '请求参数格式错误', detail: refused });
      answer(200, { code: 0, msg: '发送成功', count: 1, fee: 0.05, unit: 'RMB', mobile: form.mobile, sid: Date.now() });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
