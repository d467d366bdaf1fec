import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { ContentCheck, kindOfName, type FileExt } from './file-kinds';

/** What the check says of `chunks` sent one by one: null when it passes, else its message. */
async function verdict(ext: FileExt, chunks: (string | Buffer)[], max = 1024 * 1024): Promise<string | null> {
  const check = new ContentCheck(ext, max);
  try {
    await pipeline(Readable.from(chunks.map((c) => Buffer.from(c as string))), check, new Writable({ write: (_c, _e, done) => done() }));
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('kindOfName', () => {
  it('reads the extension in any case, with its other spellings; nothing else is a kind', () => {
    expect(kindOfName('照片.JPEG')).toBe('jpg');
    expect(kindOfName('a.b.Xlsx')).toBe('xlsx');
    for (const name of ['a.svg', 'a.html', 'noext', 'a.', '.', 'a.constructor', 'a.__proto__']) expect(kindOfName(name), name).toBeNull();
  });
});

describe('ContentCheck, a chunk at a time', () => {
  it('finds markup and marks split across two chunks', async () => {
    expect(await verdict('txt', ['hello <scr', 'ipt>alert(1)</script>'])).toBe('文件 file 中含有网页代码, 不能上传');
    expect(await verdict('png', [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]), 'x<sv', 'g onload=1>'])).toBe(
      '文件 file 中含有网页代码, 不能上传',
    );
    const zip = Buffer.from('PK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00', 'latin1');
    expect(await verdict('docx', [zip, '[Content_', 'Types].xml ... word/docu', 'ment.xml'])).toBeNull();
    expect(await verdict('docx', [zip, '[Content_Types].xml ... xl/workbook.xml'])).toBe('文件 file 的内容不是 docx 文件, 请上传真实的 docx 文件');
  });

  it('takes a character split across chunks, and refuses a text that ends inside one', async () => {
    const text = Buffer.from('名单');
    expect(await verdict('csv', [text.subarray(0, 1), text.subarray(1, 4), text.subarray(4)])).toBeNull();
    expect(await verdict('csv', [text.subarray(0, 5)])).toBe('文件 file 不是 UTF-8 编码的纯文本');
  });

  it('judges the first bytes of a file shorter than the bytes it looks at, and refuses an empty one', async () => {
    expect(await verdict('gif', ['GIF8', '9a;'])).toBeNull();
    expect(await verdict('gif', ['GIF'])).toBe('文件 file 的内容不是 gif 文件, 请上传真实的 gif 文件');
    expect(await verdict('txt', [])).toBe('文件 file 是空文件');
  });

  it('stops at the first byte over the limit', async () => {
    expect(await verdict('txt', ['a'.repeat(10)], 10)).toBeNull();
    expect(await verdict('txt', ['a'.repeat(6), 'a'.repeat(5)], 10)).toBe('文件 file 不能超过 10 字节');
  });
});
