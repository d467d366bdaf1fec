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
    const mine = this.turn.then(() => this.run(xmls, services, field));
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  close(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.then((w) => w.terminate()).catch(() => undefined);
  }

  private async run(xmls: string[], services: string[], field: string): Promise<ParsedProcess[]> {
    const worker = await (this.worker ??= this.spawn());
    return new Promise((resolve, reject) => {
      const settle = (end: () => void) => {
        clearTimeout(timer);
        worker.off('message', onAnswer);
        worker.off('error', onCrash);
        end();
      };
      const onAnswer = (a: Answer) => {
        if ('processes' in a) settle(() => resolve(a.processes));
        else if ('error' in a) settle(() => reject(a.error.statusCode ? new ApiError(a.error.statusCode, a.error.message, a.error.field) : new Error(a.error.message)));
      };
      // the heap cap ends the thread with an error
      const onCrash = () => {
        this.close();
        settle(() => reject(badRequest(`流程文件过于复杂, 读取时超出 ${FLOW_BUDGET.parseHeapMb}MB 内存`, field)));
      };
      const timer = setTimeout(() => {
        this.close();
        settle(() => reject(badRequest(`流程文件过于复杂, 每个文件须在 ${FLOW_BUDGET.parseMs / 1000} 秒内读完`, field)));
      }, FLOW_BUDGET.parseMs * xmls.length);
      worker.on('message', onAnswer);
      worker.on('error', onCrash);
      worker.postMessage({ xmls, services, field });
    });
  }

  /** A worker that has loaded the checks (its first message says so); it does not keep the process alive. */
  private spawn(): Promise<Worker> {
    const worker = new Worker(new URL('./bpmn-worker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: FLOW_BUDGET.parseHeapMb } });
    worker.unref();
    const ready = new Promise<Worker>((resolve, reject) => {
      worker.once('message', () => resolve(worker));
      // kept: an error of an idle thread must not go unheard (run() listens while it reads)
      worker.on('error', reject);
    });
    // a thread that ended (refused to start, its heap cap, terminated) is not asked again
    worker.once('exit', () => {
      if (this.worker === ready) this.worker = undefined;
    });
    return ready;
  }
}
