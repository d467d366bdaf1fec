import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceIdOf } from '../src/platform/tracing';
import { as, testApp, type TestApp } from './helper';

/**
 * OTEL_EXPORTER_OTLP_ENDPOINT: a span per request reaches the collector (here a listener of the
 * test's own, taking OTLP/HTTP JSON), its trace id the request id the log explorer shows.
 */
interface OtlpSpan {
  traceId: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
const received: OtlpSpan[] = [];
let collector: Server;
let t: TestApp;

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const doc = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const r of doc.resourceSpans) for (const s of r.scopeSpans) received.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  t = await testApp({ otlpEndpoint: `http://127.0.0.1:${(collector.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
});

describe('traces', () => {
  it('a span per request, its trace id the request id, named by its route, with its status', async () => {
    const admin = await as(t.app);
    const requestId = randomUUID();
    const res = await admin.call({ method: 'GET', url: '/us-system/param/list', headers: { 'x-request-id': requestId } });
    expect(res.headers['x-request-id']).toBe(requestId);
    // closing flushes what is batched
    await t.close();
    const span = received.find((s) => s.traceId === requestId.replace(/-/g, ''));
    expect(span?.name).toBe('GET /us-system/param/list');
    const attribute = (key: string) => span!.attributes.find((a) => a.key === key)?.value;
    expect(Number(attribute('http.response.status_code')?.intValue)).toBe(200);
    expect(attribute('workbench.request_id')?.stringValue).toBe(requestId);
  });

  it('an id that is no UUID still gives a valid trace id, always the same for it', () => {
    expect(traceIdOf('shell-req-12345')).toMatch(/^[0-9a-f]{32}$/);
    expect(traceIdOf('shell-req-12345')).toBe(traceIdOf('shell-req-12345'));
  });
});
