import { Transform, type TransformCallback } from 'node:stream';
import { badRequest } from './envelope';

/**
 * The kinds of file users may upload (the general upload and the signed-URL flow), by the
 * extension a stored object carries. A file is taken as the kind its name claims only when its
 * bytes are that kind (ContentCheck below): the name picks, the content decides, the type the
 * browser sent is not looked at. Pictures are shown where they are linked; everything else is
 * served as a download.
 */
export const FILE_KINDS = {
  jpg: { mime: 'image/jpeg', inline: true },
  png: { mime: 'image/png', inline: true },
  gif: { mime: 'image/gif', inline: true },
  webp: { mime: 'image/webp', inline: true },
  pdf: { mime: 'application/pdf', inline: false },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', inline: false },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', inline: false },
  xls: { mime: 'application/vnd.ms-excel', inline: false },
  doc: { mime: 'application/msword', inline: false },
  zip: { mime: 'application/zip', inline: false },
  txt: { mime: 'text/plain; charset=utf-8', inline: false },
  csv: { mime: 'text/csv; charset=utf-8', inline: false },
} as const;

export type FileExt = keyof typeof FILE_KINDS;

/** Other spellings of an allowed extension. */
const SPELLINGS: Record<string, FileExt> = { jpeg: 'jpg' };

export const FILE_EXTS = Object.keys(FILE_KINDS) as FileExt[];

/** The allowed kind a file name claims (its extension, any case), or null. */
export function kindOfName(name: string): FileExt | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  const kind = SPELLINGS[ext] ?? ext;
  return Object.hasOwn(FILE_KINDS, kind) ? (kind as FileExt) : null;
}

/** A size as the limit messages say it: 20MB, 500KB, 10 字节. */
function sizeText(bytes: number): string {
  const round = (n: number) => Math.round(n * 10) / 10;
  if (bytes >= 1024 * 1024) return `${round(bytes / 1024 / 1024)}MB`;
  return bytes >= 1024 ? `${round(bytes / 1024)}KB` : `${bytes} 字节`;
}

/** What a refused file is told; `field` is the request field the message names. */
export const fileMessages = (field: string) => ({
  type: `文件 ${field} 的类型不支持, 可上传: ${FILE_EXTS.join(', ')}`,
  empty: `文件 ${field} 是空文件`,
  size: (max: number) => `文件 ${field} 不能超过 ${sizeText(max)}`,
  content: (ext: FileExt) => `文件 ${field} 的内容不是 ${ext} 文件, 请上传真实的 ${ext} 文件`,
  markup: `文件 ${field} 中含有网页代码, 不能上传`,
  text: `文件 ${field} 不是 UTF-8 编码的纯文本`,
  incomplete: `文件 ${field} 没有传完整, 请重新上传`,
});

/**
 * Markup anywhere in the bytes: the start of an element a browser would run or render as
 * a page (<script, <html, <svg, <iframe …), an XML prolog or a doctype. A picture holding
 * such text is a polyglot made to be read as HTML or SVG by something that sniffs; the
 * names are long enough (and need a delimiter after them) that compressed pixels do not
 * spell one by chance.
 */
export const MARKUP =
  /<(?:script|html|svg|body|head|iframe|frame|frameset|object|embed|applet|meta|link|style|title|base|form|img|image|math|xsl:[a-z]+|x:script|!doctype|\?xml)[\s/>]/i;

const bytes = (...b: number[]) => Buffer.from(b);
const text = (s: string) => Buffer.from(s, 'latin1');
const utf16 = (s: string) => Buffer.from(s, 'utf16le');
const at = (head: Buffer, offset: number, magic: Buffer) => head.length >= offset + magic.length && head.subarray(offset, offset + magic.length).equals(magic);

const ZIP = text('PK\x03\x04');
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const OOXML = text('[Content_Types].xml');

/**
 * How each kind is recognised: its first bytes (`head`), names that must appear somewhere in
 * the file (`marks`, any one of each group: zip entry names of the OOXML parts, UTF-16 stream
 * names of an OLE file), and whether the bytes are scanned for markup. Office files and
 * archives are not scanned: they are compressed and are only ever served as downloads.
 */
interface Rule {
  head?: (head: Buffer) => boolean;
  marks?: Buffer[][];
  markup?: boolean;
  text?: boolean;
}
const RULES: Record<FileExt, Rule> = {
  jpg: { head: (h) => at(h, 0, bytes(0xff, 0xd8, 0xff)), markup: true },
  png: { head: (h) => at(h, 0, bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)), markup: true },
  gif: { head: (h) => at(h, 0, text('GIF87a')) || at(h, 0, text('GIF89a')), markup: true },
  webp: { head: (h) => at(h, 0, text('RIFF')) && at(h, 8, text('WEBP')), markup: true },
  pdf: { head: (h) => at(h, 0, text('%PDF-')) },
  xlsx: { head: (h) => at(h, 0, ZIP), marks: [[OOXML], [text('xl/workbook.xml')]] },
  docx: { head: (h) => at(h, 0, ZIP), marks: [[OOXML], [text('word/document.xml')]] },
  pptx: { head: (h) => at(h, 0, ZIP), marks: [[OOXML], [text('ppt/presentation.xml')]] },
  xls: { head: (h) => at(h, 0, OLE), marks: [[utf16('Workbook'), utf16('Book')]] },
  doc: { head: (h) => at(h, 0, OLE), marks: [[utf16('WordDocument')]] },
  // an empty archive is only its end record
  zip: { head: (h) => at(h, 0, ZIP) || at(h, 0, text('PK\x05\x06')) },
  txt: { text: true, markup: true },
  csv: { text: true, markup: true },
};

/** bytes looked at before the first bytes are judged */
const HEAD_BYTES = 16;
/** bytes (or characters) of the previous chunk kept, so that a mark or a tag split across two chunks is still found */
const CARRY = 64;

/**
 * Passes a file through unchanged while checking that it is what its extension says, and
 * fails the stream (with a 400 naming `field`) as soon as it is not: too large, other first
 * bytes, markup in a picture or a text, text that is not UTF-8 or holds NUL, an Office file
 * without its parts. Whatever the stream was being written to is then left without an object
 * (ObjectStore.putStream keeps nothing of a failed stream).
 */
export class ContentCheck extends Transform {
  /** bytes that went through */
  size = 0;
  private head = Buffer.alloc(0);
  private headJudged = false;
  private carry = Buffer.alloc(0);
  private carriedText = '';
  private readonly rule: Rule;
  private readonly missing: Buffer[][];
  private readonly decoder?: TextDecoder;
  private readonly messages: ReturnType<typeof fileMessages>;

  constructor(
    private readonly ext: FileExt,
    private readonly maxBytes: number,
    private readonly field = 'file',
  ) {
    super();
    this.rule = RULES[ext];
    this.missing = [...(this.rule.marks ?? [])];
    this.messages = fileMessages(this.field);
    // fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD
    if (this.rule.text) this.decoder = new TextDecoder('utf-8', { fatal: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    const refused = this.size > this.maxBytes ? this.messages.size(this.maxBytes) : this.judge(chunk);
    if (refused) return done(badRequest(refused, this.field));
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    const refused = this.size === 0 ? this.messages.empty : this.finish();
    done(refused ? badRequest(refused, this.field) : null);
  }

  /** Why this chunk shows the file is not its kind, or null. */
  private judge(chunk: Buffer): string | null {
    if (!this.headJudged) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES)]);
      if (this.head.length >= HEAD_BYTES) {
        this.headJudged = true;
        if (this.rule.head && !this.rule.head(this.head)) return this.messages.content(this.ext);
      }
    }
    const window = Buffer.concat([this.carry, chunk]);
    this.carry = window.subarray(Math.max(0, window.length - CARRY));
    if (this.missing.length) this.crossOff(window);
    if (this.decoder) {
      if (chunk.includes(0)) return this.messages.text;
      let decoded: string;
      try {
        decoded = this.decoder.decode(chunk, { stream: true });
      } catch {
        return this.messages.text;
      }
      const seen = this.carriedText + decoded;
      this.carriedText = seen.slice(-CARRY);
      if (MARKUP.test(seen)) return this.messages.markup;
    } else if (this.rule.markup && MARKUP.test(window.toString('latin1'))) {
      // latin1 maps each byte to one character, so the pattern sees the bytes as they are
      return this.messages.markup;
    }
    return null;
  }

  /** What the end of the file shows: first bytes of a file shorter than HEAD_BYTES, an unfinished UTF-8 sequence, parts never seen. */
  private finish(): string | null {
    if (!this.headJudged && this.rule.head && !this.rule.head(this.head)) return this.messages.content(this.ext);
    if (this.decoder) {
      try {
        this.decoder.decode();
      } catch {
        return this.messages.text;
      }
    }
    return this.missing.length ? this.messages.content(this.ext) : null;
  }

  private crossOff(window: Buffer): void {
    for (let i = this.missing.length - 1; i >= 0; i--) if (this.missing[i].some((mark) => window.includes(mark))) this.missing.splice(i, 1);
  }
}
