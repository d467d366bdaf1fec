// Reads the BPMN files of one deployment for bpmn-parser.ts, on a thread of its own: a large or
// slow file costs this thread, never the one answering requests, and the server can end it.
// Plain JavaScript so that any runner (tsx, vitest) can start it as a worker (as
// db/pglite-worker.mjs); it registers tsx to load the checks themselves (bpmn.ts).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { parseBpmn } = await import('./bpmn.ts');

/** @param {{ xmls: string[], services: string[], field: string }} request */
async function parseAll({ xmls, services, field }) {
  try {
    const processes = [];
    for (const xml of xmls) processes.push(await parseBpmn(xml, services, field));
    return { processes };
  } catch (err) {
    // a refusal (ApiError) keeps its status and field; anything else is the server's fault
    return { error: { message: String(err?.message ?? err), statusCode: err?.statusCode, field: err?.field } };
  }
}

parentPort.on('message', async (request) => parentPort.postMessage(await parseAll(request)));
parentPort.postMessage({ ready: true });
