// The BPMN thread when the server runs from its sources (tsx, vitest): a worker starts plain
// JavaScript, so this registers tsx and loads bpmn-thread.ts. The build puts the compiled
// bpmn-thread.ts under this same name beside the server (build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./bpmn-thread.ts');
