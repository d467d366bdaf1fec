import { Worker } from 'node:worker_threads';
import { ApiError, badRequest } from '../envelope';
import type { ParsedProcess } from './bpmn';
import { FLOW_BUDGET } from './budgets';

type Answer = { ready: true } | { processes: ParsedProcess[] } | { error: { message: string; statusCode?: number; field?: string } };

/**
 * Reads and checks the files of a deployment (bpmn.ts `parseBpmn`) on a worker thread
 * (bpmn-worker.mjs), one deployment after another. Reading a 2 MB file takes seconds of CPU; on
 * the request thread that was seconds in which no tenant got an answer. A deployment that takes
 * longer than `FLOW_BUDGET.parseMs` a file, or more heap than `parseHeapMb`, ends the thread (the
 * next deployment starts another) and is refused.
 */
export class BpmnParser {
  private worker?: Promise<Worker>;
  /** deployments take turns: the time limit is each one's own */
  private turn: Promise<unknown> = Promise.resolve();

  parse(xmls: string[], services: string[], field: string): Promise<ParsedProcess[]> {
    const mine = this.turn.then(() => this.run(xmls, services, field, true));
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  close(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.then((w) => w.terminate()).catch(() => undefined);
  }

  private async run(xmls: string[], services: string[], field: string, again: boolean): Promise<ParsedProcess[]> {
    const worker = await (this.worker ??= this.spawn());
    return new Promise((resolve, reject) => {
      let crash: (Error & { code?: string }) | undefined;
      const settle = (end: () => void) => {
        clearTimeout(timer);
        worker.off('message', onAnswer);
        worker.off('error', onError);
        worker.off('exit', onExit);
        end();
      };
      const onAnswer = (a: Answer) => {
        if ('processes' in a) settle(() => resolve(a.processes));
        else if ('error' in a) settle(() => reject(a.error.statusCode ? new ApiError(a.error.statusCode, a.error.message, a.error.field) : new Error(a.error.message)));
      };
      const onError = (err: Error) => (crash = err);
      // a thread that ends while reading is its heap cap (the file's fault), or else a thread that
      // died before or while it read (not the file's): that is tried once more on a new thread
      const onExit = () =>
        settle(() => {
          if (crash?.code === 'ERR_WORKER_OUT_OF_MEMORY') reject(badRequest(`流程文件过于复杂, 读取时超出 ${FLOW_BUDGET.parseHeapMb}MB 内存`, field));
          else if (again) resolve(this.run(xmls, services, field, false));
          else reject(new Error(`流程文件读取线程意外结束: ${crash?.message ?? '已退出'}`));
        });
      const timer = setTimeout(() => {
        this.close();
        settle(() => reject(badRequest(`流程文件过于复杂, 每个文件须在 ${FLOW_BUDGET.parseMs / 1000} 秒内读完`, field)));
      }, FLOW_BUDGET.parseMs * xmls.length);
      worker.on('message', onAnswer);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ xmls, services, field });
    });
  }

  /**
   * A worker that has loaded the checks (its first message says so, within `parseMs`); it does not
   * keep the process alive. One that fails or ends, idle or not, is forgotten at once: the next
   * deployment starts another.
   */
  private spawn(): Promise<Worker> {
    const worker = new Worker(new URL('./bpmn-worker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: FLOW_BUDGET.parseHeapMb } });
    worker.unref();
    const ready = new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error(`流程文件读取线程未能在 ${FLOW_BUDGET.parseMs / 1000} 秒内启动`));
      }, FLOW_BUDGET.parseMs);
      worker.once('message', () => {
        clearTimeout(timer);
        resolve(worker);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`流程文件读取线程未能启动 (${code})`));
      });
    });
    const forget = () => {
      if (this.worker === ready) this.worker = undefined;
    };
    // kept: an error of an idle thread must not go unheard (run() listens too, while it reads)
    worker.on('error', forget);
    worker.once('exit', forget);
    ready.catch(forget);
    return ready;
  }
}
