import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { moveToPostgres } from '../src/platform/move-to-postgres';
import { as, TEST_JWT_SECRET } from './helper';
import { multipart, png } from './support/sample-files';
import { scratchDatabase } from './support/scratch-database';

/**
 * An embedded installation moved into PostgreSQL (npm run move-to-postgres): the server started on
 * the PostgreSQL database logs in and reads the same records and files as before the move.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(!!serverUrl)('moving from the embedded database to PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wb-move-'));
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  afterAll(async () => {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies the rows, the identity counters and the files; a second move into it is refused', async () => {
    const config = { dataDir, databaseUrl: undefined, jwtSecret: TEST_JWT_SECRET, captchaEnabled: false, loginRateLimit: 10_000 };
    // an embedded installation in use: a parameter, a picture, a user
    const before = await buildApp({ env: {}, logger: false, config });
    const admin = await as(before.app);
    const param = (await admin.call({ method: 'POST', url: '/us-system/param/submit', payload: { paramName: '搬家', paramKey: 'moved.param', paramValue: '带过去' } })).json().data;
    const picture = png();
    const uploaded = (await admin.call({ method: 'POST', url: '/us/file/biz/file/upload', ...multipart(picture, '现场.png', 'image/png') })).json().data;
    const users = (await admin.call({ method: 'GET', url: '/us-user/page', query: { size: '100' } })).json().data.total as number;
    await before.app.close();

    scratch = await scratchDatabase(serverUrl!, 'wb_move');
    const copied = await moveToPostgres(dataDir, scratch.url);
    expect(copied.param).toBeGreaterThan(0);
    expect(copied.files).toBe(1);

    const after = await buildApp({ env: {}, logger: false, config: { ...config, databaseUrl: scratch.url, dataDir: ':memory:' } });
    try {
      const moved = await as(after.app);
      expect((await moved.call({ method: 'GET', url: '/us-system/param/detail', query: { id: param.id } })).json().data).toMatchObject({
        paramKey: 'moved.param',
        paramValue: '带过去',
      });
      expect((await moved.call({ method: 'GET', url: '/us-user/page', query: { size: '100' } })).json().data.total).toBe(users);
      const file = await after.app.inject({ method: 'GET', url: uploaded.link });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(picture)).toBe(true);
      // new records take ids after the copied ones
      const next = (await moved.call({ method: 'POST', url: '/us-system/param/submit', payload: { paramName: '新', paramKey: 'after.move', paramValue: '1' } })).json();
      expect(next.code).toBe(200);
      expect(Number(next.data.id)).toBeGreaterThan(Number(param.id));
    } finally {
      await after.app.close();
    }
    await expect(moveToPostgres(dataDir, scratch.url)).rejects.toThrow(/not empty/);
  }, 180_000);
});
