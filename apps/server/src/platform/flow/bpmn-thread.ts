// Reads the BPMN files of one deployment for bpmn-parser.ts, on a thread of its own: a large or
// slow file costs this thread, never the one answering requests, and the server can end it.
// The build compiles it to dist/bpmn-worker.mjs; from the sources, bpmn-worker.mjs loads it.
import { parentPort } from 'node:worker_threads';
import { parseBpmn } from './bpmn';

interface Request {
  xmls: string[];
  services: string[];
  field: string;
}

async function parseAll({ xmls, services, field }: Request) {
  try {
    const processes = [];
    for (const xml of xmls) processes.push(await parseBpmn(xml, services, field));
    return { processes };
  } catch (err) {
    // a refusal (ApiError) keeps its status and field; anything else is the server's fault
    const e = err as { message?: string; statusCode?: number; field?: string };
    return { error: { message: String(e?.message ?? err), statusCode: e?.statusCode, field: e?.field } };
  }
}

parentPort!.on('message', async (request: Request) => parentPort!.postMessage(await parseAll(request)));
parentPort!.postMessage({ ready: true });
