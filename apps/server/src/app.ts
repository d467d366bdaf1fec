import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type pg from 'pg';
import { Redis } from 'ioredis';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import { analyze, openDatabase, type Database } from './db/client';
import { seed } from './db/seed';
import { addMissingDictionaryEnglish, addMissingMenus } from './db/upgrade-menus';
import { authRoutes } from './modules/auth/routes';
import { grantRoutes } from './modules/authority/grants';
import { roleProjectRoutes } from './modules/mdm/role-projects';
import { tenantPackageRoutes } from './modules/system/tenant';
import { menuAdminRoutes } from './modules/system/menus';
import { authorityRoutes } from './modules/authority/routes';
import { menuRoutes } from './modules/system/menu-routes';
import { logRoutes } from './modules/log/routes';
import { reportRoutes } from './modules/report/report';
import { mdmRoutes } from './modules/mdm/routes';
import { subscriptionRoutes } from './modules/mdm/subscription-routes';
import { downloadRoutes } from './modules/resource/downloads';
import { importRoutes } from './modules/resource/imports';
import { notifyRoutes } from './modules/system/notify';
import { noticeStreamRoutes } from './modules/system/notice-stream';
import { incidentRoutes } from './modules/desk/incidents';
import { leaveRoutes } from './modules/desk/leave';
import { flowRoutes } from './modules/flow/routes';
import { FlowEngine } from './platform/flow/engine';
import { hdScreenRoutes } from './modules/mdm/hd-screen';
import { dispatchAuthorityRoutes } from './modules/mdm/dispatch-authority';
import { versionRoutes } from './modules/system/version';
import { fileRoutes, signFileLinks } from './modules/resource/files';
import { signedUploadRoutes } from './modules/resource/signed-uploads';
import { uploadRoutes } from './modules/resource/uploads';
import { shellDataRoutes } from './modules/system/shell-data';
import { subAppRoutes } from './modules/system/sub-app';
import { accountRoutes } from './modules/user/account';
import { retrieveRoutes } from './modules/user/retrieve';
import { userRoutes } from './modules/user/routes';
import { userPlatformRoutes } from './modules/user/users';
import { resourceRoutes } from './modules/resources';
import { enforcePermissions } from './platform/permissions';
import { hashPassword } from './platform/passwords';
import { Access } from './platform/access';
import { Changes } from './platform/changes';
import { postgresRateStore } from './platform/rate-store';
import { registerMetrics, watch } from './platform/metrics';
import { registerTracing } from './platform/tracing';
import { ExportJobs } from './platform/export-jobs';
import { ImportJobs } from './platform/import-jobs';
import { JobQueue } from './platform/jobs';
import { SecretBox } from './platform/secrets';
import { registerAuthentication, SessionCheck } from './platform/auth';
import { loadConfig, type Config } from './platform/config';
import { loginDocumentFile } from '@wb/contracts/page-documents';
import type { AppContext } from './platform/context';
import { Envelope, ok } from './platform/envelope';
import { clientErrorHandler, registerErrorHandling, routerError } from './platform/errors';
import { AJV_OPTIONS, familyParameters, inputFormats, refuseDeepBodies, refuseUnstorableInput } from './platform/input-types';
import { createRedactor, loggerOptions } from './platform/log-redaction';
import { logRetentionDays, recordRequests, RequestLog, requestId } from './platform/request-log';
import { SmsSender } from './platform/sms';
import { ObjectStores } from './platform/object-stores';
import { Outbound } from './platform/outbound';
import { ResourceRegistry } from './platform/crud/registry';
import { registerSecurityHeaders } from './platform/security-headers';
import { findStaticApps, pageDocumentFor, serveStaticApps } from './platform/static-apps';
import { S3Store } from './platform/s3-store';
import { LocalStore, type ObjectStore } from './platform/storage';
import { DatabaseStore } from './platform/database-store';
import { TokenService } from './platform/tokens';
import { TotalCache } from './platform/totals';

export interface BuildOptions {
  /** settings that win over the environment (tests use these) */
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  /** an already open database (tests share one per file) */
  database?: Database;
  logger?: boolean;
  /** where log lines go instead of stdout (tests read them) */
  logStream?: DestinationStream;
}

/** The largest file any upload takes (an import); smaller limits are set per route. */
const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

/** Paths the API answers; anything else that is a GET for a page gets the shell. */
const API_PREFIXES = ['/us-', '/us/', '/wwy-', '/health', '/docs'];

export async function buildApp(opts: BuildOptions = {}): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const config = loadConfig(opts.env ?? process.env, opts.config);
  const app = Fastify({
    // every line passes the redaction: no password, token or failed query's values in the log
    logger: opts.logger === false ? false : loggerOptions({ level: config.logLevel, tokenHeader: config.tokenHeader, stream: opts.logStream }),
    ajv: { customOptions: AJV_OPTIONS, plugins: [inputFormats] },
    // the router's and the HTTP parser's own errors answer with the envelope like every other error
    frameworkErrors: (err, _req, reply) => {
      const body = routerError(err);
      // the option's reply type is generic over a route that does not exist yet
      void (reply as FastifyReply).status(body.code).send(body);
    },
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default): the rate limits key on req.ip
    trustProxy: config.trustProxy,
    // a file name in the path (createSignedUrlSync/{id}): a Chinese character is 9 characters
    // percent-encoded, and the default 100 would refuse names of a dozen of them
    routerOptions: { maxParamLength: 1000 },
    // req.id, and the log line's reqId, is the shell's X-Request-Id (or ours): the log explorer's key
    genReqId: requestId,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onError: (err) => app.log.warn({ err }, 'database connection error') }));
  if (!opts.database) {
    // instances started together on one PostgreSQL seed one after the other: the first seeds, the others find it done
    if (await database.exclusive(() => seed(database.db, { tokenTtl: config.tokenTtl, refreshTtl: config.refreshTtl, hashPassword }))) app.log.info('seeded the demo data');
    // a database an earlier version seeded gets this version's new pages and buttons, and its new names
    const added = await database.exclusive(() => addMissingMenus(database.db));
    if (added.length) app.log.info({ added }, 'added or renamed the menus this version brings');
    const labelled = await database.exclusive(() => addMissingDictionaryEnglish(database.db));
    if (labelled) app.log.info({ labelled }, "gave the seeded dictionaries' items their English labels");
    // the logs' database too, where it is another (the embedded one)
    for (const db of new Set([database.db, database.logs])) await analyze(db);
    app.addHook('onClose', () => database.close());
  }

  const changes = new Changes();
  await changes.start(database);
  app.addHook('onClose', () => changes.close());
  // what a request publishes is heard here again once it answers, after its transaction committed
  app.addHook('preHandler', (_req, _reply, done) => changes.track(done));
  app.addHook('onSend', async (_req, _reply, payload) => {
    changes.settle();
    return payload;
  });
  const queue = new JobQueue(database.db, (err) => app.log.warn({ err }, 'job queue error'));
  await queue.start();
  watch(app, (database.db as unknown as { $client: pg.Pool }).$client, () => queue.backlog());
  registerMetrics(app, { token: config.metricsToken, allow: config.metricsAllow });
  registerTracing(app, config.otlpEndpoint);
  const resources = new ResourceRegistry();
  // S3-compatible storage when configured, else files on local disk
  const store = await fileStore(config, database, app);
  const secrets = new SecretBox(config.secretKey);
  const outbound = new Outbound(config.outboundAllow, (detail, msg) => app.log.warn(detail, msg));
  app.addHook('onClose', () => outbound.close());
  const stores = new ObjectStores(database.db, store, secrets, config.dataDir, outbound);
  const jobDeps = { db: database.db, queue, stores, registry: resources, staleSeconds: config.jobStaleSeconds, onError: (err: unknown, msg: string) => app.log.warn({ err }, msg) };
  const exportJobs = new ExportJobs(jobDeps);
  const importJobs = new ImportJobs(jobDeps);
  const requestLog = new RequestLog(database.logs, {
    enabled: config.apiLog,
    retentionDays: () => logRetentionDays(database.db),
    onError: (err, msg) => app.log.warn({ err }, msg),
  });
  requestLog.start();
  // after the database's own (hooks run last-added first): what is queued is written before it closes
  app.addHook('onClose', () => requestLog.stop());
  const flow = new FlowEngine({ db: database.db, changes, pollMs: config.flowTimerPollMs, onError: jobDeps.onError });
  // before the database closes (onClose hooks run last-added first): runs stop, the queue lets go
  app.addHook('onClose', async () => {
    exportJobs.stop();
    importJobs.stop();
    flow.stop();
    await queue.stop();
  });
  const ctx: AppContext = {
    config,
    database,
    tokens: new TokenService(config.jwtSecret),
    sessions: new SessionCheck(database.db, changes),
    access: new Access(database.db, changes),
    changes,
    secrets,
    totals: new TotalCache(changes),
    store,
    stores,
    sms: new SmsSender(database.db, secrets, outbound),
    outbound,
    resources,
    routes: [],
    exportJobs,
    importJobs,
    flow,
    requestLog,
  };

  // first, so that every answer carries them: API JSON, errors, docs, the shell and its files
  registerSecurityHeaders(app, config);
  await app.register(swagger, {
    openapi: {
      info: { title: '运营工作台 API', description: 'Generated from the route schemas.', version: '0.1.0' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: config.tokenHeader, description: 'bearer <access_token>' },
          client: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ token: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  // every instance shares each counter: in Redis when one is given, else in the database
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true }) : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    await redis.connect();
    app.addHook('onClose', async () => void (await redis.quit()));
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'wb-rate-' } : { store: postgresRateStore(database.db) }),
    errorResponseBuilder: () => Object.assign(new Error('请求过于频繁, 请稍后再试'), { statusCode: 429 }),
  });

  const staticApps = findStaticApps(config.shellDir, config.subappsDir);
  const loginFile = loginDocumentFile({ tenantMode: config.tenantMode, captchaEnabled: config.captchaEnabled });
  registerErrorHandling(app, (url) => (API_PREFIXES.some((p) => url.startsWith(p)) ? undefined : pageDocumentFor(staticApps, url, loginFile)));
  if (config.corsOrigins.length)
    await app.register(cors, {
      origin: config.corsOrigins,
      exposedHeaders: ['content-disposition', 'x-request-id'],
      allowedHeaders: ['content-type', 'authorization', config.tokenHeader, 'tenant-id', 'captcha-key', 'captcha-code', 'dept-id', 'role-id', 'x-request-id'],
    });

  app.get('/health', {
    schema: {
      tags: ['运维'],
      summary: '健康检查 (数据库状态)',
      response: { 200: Envelope(Type.Object({ database: Type.String(), kind: Type.String() })), 503: Envelope(Type.Object({ database: Type.String(), kind: Type.String() })) },
    },
    config: { public: true },
    handler: async (_req, reply) => {
      const up = await database.ping().catch(() => false);
      if (!up) return reply.status(503).send({ code: 503, success: false, data: { database: 'down', kind: database.kind }, msg: '数据库暂不可用' });
      return ok({ database: 'up', kind: database.kind });
    },
  });

  // for an orchestrator: live while the process answers; ready while it can serve (a stop answers 503 to both: fastify's return503OnClosing)
  app.get('/health/live', {
    schema: { tags: ['运维'], summary: '存活检查 (进程在应答)', response: { 200: Envelope(Type.Object({ status: Type.String() })) } },
    config: { public: true },
    handler: async () => ok({ status: 'live' }),
  });
  const Readiness = Type.Object({ database: Type.Boolean(), listening: Type.Boolean() });
  app.get('/health/ready', {
    schema: {
      tags: ['运维'],
      summary: '就绪检查 (数据库可用, 迁移已执行, 在收听其他实例的变更)',
      response: { 200: Envelope(Readiness), 503: Envelope(Readiness) },
    },
    config: { public: true },
    handler: async (_req, reply) => {
      // the migrations ran before the server listened: an answer here means they are applied
      const state = { database: await database.ping().catch(() => false), listening: changes.live };
      if (state.database && state.listening) return ok(state);
      return reply.status(503).send({ code: 503, success: false, data: state, msg: '实例暂不可用' });
    },
  });

  // the API lives in its own context so that the token check covers it and nothing else (docs, shell files)
  await app.register(async (api) => {
    // first: a request refused by the token check is recorded too
    recordRequests(api, requestLog, createRedactor({ tokenHeader: config.tokenHeader }));
    registerAuthentication(api, { tokens: ctx.tokens, sessions: ctx.sessions, tokenHeader: config.tokenHeader });
    // before the permission check: a submit's `id` sent in the query string is the body's, and makes it an edit
    familyParameters(api);
    ctx.routes = enforcePermissions(api, ctx.access);
    refuseDeepBodies(api);
    refuseUnstorableInput(api);
    // file links in answers are signed for the caller's tenant, and unsigned again in request bodies
    signFileLinks(api, ctx);
    // uploads of every module (avatars, imports) share one parser; each route sets its own size limit
    await api.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } });
    const modules = [
      resourceRoutes,
      userPlatformRoutes,
      authRoutes,
      userRoutes,
      accountRoutes,
      authorityRoutes,
      grantRoutes,
      roleProjectRoutes,
      tenantPackageRoutes,
      menuAdminRoutes,
      menuRoutes,
      mdmRoutes,
      hdScreenRoutes,
      dispatchAuthorityRoutes,
      subscriptionRoutes,
      subAppRoutes,
      shellDataRoutes,
      fileRoutes,
      uploadRoutes,
      signedUploadRoutes,
      downloadRoutes,
      importRoutes,
      notifyRoutes,
      noticeStreamRoutes,
      incidentRoutes,
      leaveRoutes,
      flowRoutes,
      versionRoutes,
      logRoutes,
      reportRoutes,
    ];
    for (const module of modules) await api.register(module(ctx));
    await api.register(retrieveRoutes(ctx));
  });
  // every resource's exporter and importer is registered now
  await exportJobs.begin();
  await importJobs.begin();
  flow.begin();

  await serveStaticApps(app, staticApps);
  return { app, ctx };
}

/**
 * Where files live: S3 when S3_BUCKET is set; else on PostgreSQL the database itself, so every
 * instance serves every file (what an instance kept on its disk before is moved in at start);
 * else, on the embedded database, DATA_DIR/files.
 */
async function fileStore(config: Config, database: Database, app: FastifyInstance): Promise<ObjectStore> {
  if (config.s3) return new S3Store(config.s3);
  if (database.kind !== 'postgres') return new LocalStore(config.dataDir);
  const store = new DatabaseStore(database.db);
  await store.sweep();
  if (config.dataDir !== ':memory:') {
    const moved = await store.moveIn(join(config.dataDir, 'files'));
    if (moved) app.log.info({ moved }, 'moved the files kept on this disk into the database');
  }
  return store;
}
