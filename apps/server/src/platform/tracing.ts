import { createHash, randomBytes } from 'node:crypto';
import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, TracerProvider, type IdGenerator } from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The trace id of a request: its request id (the one the log explorer, 追踪, shows) without its
 * dashes when it is a UUID, as ours are; a client's other id is hashed to the 32 hex digits a
 * trace id has.
 */
export function traceIdOf(requestId: string): string {
  const hex = requestId.replace(/-/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) && !/^0+$/.test(hex) ? hex : createHash('sha256').update(requestId).digest('hex').slice(0, 32);
}

/** Each request's span takes its trace id from the request (set just before the span starts). */
class RequestIds implements IdGenerator {
  next = '';
  generateTraceId(): string {
    return this.next || randomBytes(16).toString('hex');
  }
  generateSpanId(): string {
    return randomBytes(8).toString('hex');
  }
}

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT names a collector (OTLP over HTTP, JSON):
 * a server span per request, its trace id the request id, its name the route pattern, with the
 * method, route, status and tenant. Batched; flushed when the server closes. Nothing without it.
 */
export function registerTracing(app: FastifyInstance, endpoint: string | undefined): void {
  if (!endpoint) return;
  const ids = new RequestIds();
  const provider = new TracerProvider({
    idGenerator: ids,
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }), scheduledDelayMillis: 1000 })],
  });
  const tracer = provider.getTracer('workbench');
  app.addHook('onRequest', async (req) => {
    ids.next = traceIdOf(req.id);
    const span = tracer.startSpan(`${req.method} ${req.routeOptions.url ?? 'unmatched'}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': req.method, 'http.route': req.routeOptions.url ?? '', 'workbench.request_id': req.id },
    });
    ids.next = '';
    spans.set(req, span);
  });
  app.addHook('onResponse', async (req, reply) => {
    const span = spans.get(req);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    const tenant = req.headers['tenant-id'];
    if (typeof tenant === 'string') span.setAttribute('workbench.tenant_id', tenant.slice(0, 12));
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  app.addHook('onClose', () => provider.shutdown());
}
