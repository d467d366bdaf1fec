import { describe, expect, it, vi } from 'vitest';
import { headerRow } from '../../src/platform/crud/sheet-rows';
import { xlsx } from '../support/sample-files';

/** how many reading threads fail to start next (the machine out of threads or memory) */
const failing = vi.hoisted(() => ({ next: 0 }));

vi.mock('node:worker_threads', async (original) => {
  const real = await original<typeof import('node:worker_threads')>();
  class Worker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      if (failing.next > 0) {
        failing.next--;
        throw Object.assign(new Error('Resource temporarily unavailable'), { code: 'ERR_WORKER_INIT_FAILED' });
      }
      super(...args);
    }
  }
  return { ...real, Worker, default: { ...real, Worker } };
});

/** `work`, or a failure naming `what` once `ms` have passed */
const within = <T>(ms: number, what: string, work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms))]);

/**
 * Issue 30 "An import has budgets": spreadsheets are read on at most two threads at once
 * (platform/crud/sheet-rows.ts). A thread that cannot be started gives its turn back: a few such
 * failures do not leave every later import waiting for ever.
 */
describe('the reading threads of imports', () => {
  it('give a turn back when a thread cannot be started', async () => {
    const file = await xlsx();
    failing.next = 3;
    for (let i = 0; i < 3; i++) await expect(within(5000, `failed start ${i}`, headerRow(file))).rejects.toMatchObject({ statusCode: 400 });
    expect(failing.next).toBe(0);
    await expect(within(15_000, 'a read after three failed starts', headerRow(file))).resolves.toEqual(['编号', '名称']);
  });
});
