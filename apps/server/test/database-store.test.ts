import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseStore } from '../src/platform/database-store';
import { testApp, type TestApp } from './helper';

/**
 * On PostgreSQL without S3 the files are in the database (platform/database-store.ts). What an
 * instance kept on its own disk before is moved in when it starts; a write that dies leaves nothing.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('files in the database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wb-move-in-'));
  const name = `${randomUUID()}.txt`;
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dataDir, 'files'));
    writeFileSync(join(dataDir, 'files', name), '一个早先存在磁盘上的文件');
    t = await testApp({ dataDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a file kept on the disk before is in the database after the start, and gone from the disk', async () => {
    expect(t.ctx.store).toBeInstanceOf(DatabaseStore);
    const got = await t.ctx.store.get(name);
    const chunks: Buffer[] = [];
    for await (const c of got!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('一个早先存在磁盘上的文件');
    expect(existsSync(join(dataDir, 'files', name))).toBe(false);
  });

  it('a write that fails midway leaves no object and no rows; a second write of a name is refused', async () => {
    const broken = `${randomUUID()}.bin`;
    async function* dies() {
      yield Buffer.alloc(600 * 1024, 1);
      throw new Error('the client went away');
    }
    await expect(t.ctx.store.putStream(broken, Readable.from(dies()))).rejects.toThrow('the client went away');
    expect(await t.ctx.store.get(broken)).toBeNull();
    const left = await t.ctx.database.db.execute<{ n: number }>('select count(*)::int as n from file_chunk where part not in (select part from file_object)');
    expect(left.rows[0].n).toBe(0);
    const once = `${randomUUID()}.bin`;
    await t.ctx.store.put(once, Buffer.from('a'));
    await expect(t.ctx.store.put(once, Buffer.from('b'))).rejects.toThrow(/exists already/);
  });
});
