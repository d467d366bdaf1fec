// The BPMN packages the engine uses ship no declarations of their own for these entry points.
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    [key: string]: unknown;
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: ModdleElement; warnings: { message: string }[] }>;
  }
}

declare module 'bpmnlint' {
  export class Linter {
    constructor(options: { config: unknown; resolver: unknown });
    lint(root: unknown): Promise<Record<string, { id?: string; message: string; category: string }[]>>;
  }
}

declare module 'bpmnlint/lib/resolver/node-resolver.js' {
  export default class NodeResolver {
    constructor(options?: unknown);
  }
}
