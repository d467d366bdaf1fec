/**
 * How the generator names things: database names are snake_case, TypeScript names camelCase,
 * files kebab-case, and text from users (column comments, labels) goes into the generated
 * source only as escaped string literals or comments that cannot be closed early.
 */

const words = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);

/** 'publish_date' → 'publishDate'; 'noticeBoard' stays. */
export function camel(text: string): string {
  const [first = '', ...rest] = words(text);
  return first.toLowerCase() + rest.map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase()).join('');
}

/** 'notice_board' → 'NoticeBoard'. */
export function pascal(text: string): string {
  const c = camel(text);
  return c ? c[0].toUpperCase() + c.slice(1) : c;
}

/** 'noticeBoard' → 'notice-board'. */
export function kebab(text: string): string {
  return words(text)
    .map((w) => w.toLowerCase())
    .join('-');
}

/** 'publishDate' → 'Publish date': the English label of a field. */
export function humanize(text: string): string {
  const all = words(text).map((w) => w.toLowerCase());
  const sentence = all.join(' ');
  return sentence ? sentence[0].toUpperCase() + sentence.slice(1) : sentence;
}

/** Words TypeScript does not take as a variable's name. */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with as implements interface let package private ' +
    'protected public static yield await any boolean number string symbol type from of'
  ).split(' '),
);

/** A name usable as a const: `fallback` added when the name is a reserved word or starts with a digit. */
export function identifier(name: string, fallback: string): string {
  return RESERVED.has(name) || /^\d/.test(name) ? `${name}${fallback}` : name;
}

/** A single-quoted TypeScript string literal holding `text` exactly. */
export function quote(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  const escaped = text.replace(/[\\'\u0000-\u001f\u2028\u2029]/g, (c) => {
    if (c === '\\' || c === "'") return `\\${c}`;
    if (c === '\n') return '\\n';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `'${escaped}'`;
}

/** Text for a /** comment *\/: nothing in it can end the comment, one line. */
export function commentText(text: string): string {
  return text.replace(/\*\//g, '* /').replace(/\s+/g, ' ').trim();
}

/** A double-quoted SQL identifier. */
export const sqlName = (name: string): string => `"${name.replace(/"/g, '""')}"`;
