import jexl from 'jexl';

/**
 * Expressions in process definitions, `${…}` as in Flowable and Camunda: conditions (`${pass}`,
 * `${days > 3 && leaveType == '3'}`), task assignments (`${taskUser}`) and service references
 * (`${environment.services.remind}`). They are evaluated by Jexl, which reads values and applies
 * operators but cannot call functions or reach anything it is not given: a deployed file can
 * decide which way a process goes, never run code on the server.
 */
const WHOLE = /^\s*\$\{([\s\S]*)\}\s*$/;
const PARTS = /\$\{([^}]*)\}/g;

export const isExpression = (text: string): boolean => WHOLE.test(text);
export const hasExpression = (text: string): boolean => /\$\{[^}]*\}/.test(text);

/** The body of each `${…}` in `text`. */
export const expressionsIn = (text: string): string[] => [...text.matchAll(PARTS)].map((m) => m[1]);

/** Throws Jexl's own message for an expression it cannot parse (checked when a file is deployed). */
export function compileExpression(body: string): void {
  jexl.compile(body);
}

/** Evaluates `text` against `scope`: a whole `${…}` gives its value, a template gives a string. */
export function evaluate(text: string, scope: Record<string, unknown>): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return jexl.evalSync(whole[1], scope);
  return text.replace(PARTS, (_, body: string) => String(jexl.evalSync(body, scope) ?? ''));
}

interface EngineContext {
  environment?: { variables?: Record<string, unknown> };
  content?: unknown;
  properties?: unknown;
}

/** The engine's expression handler (bpmn-elements' Expressions interface). */
export const engineExpressions = {
  isExpression,
  hasExpression,
  resolveExpression(expression: string, context?: EngineContext) {
    const scope = { ...(context?.environment?.variables ?? {}), environment: context?.environment, content: context?.content, properties: context?.properties };
    return evaluate(expression, scope);
  },
};
