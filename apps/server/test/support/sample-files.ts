/** Small files of every kind the uploads take (and some they refuse), and the multipart body that carries one. */
import { crc32, deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/** A zip of stored (uncompressed) entries: enough for the checks, which read entry names. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An OLE compound file as far as the checks read it: its signature and the name of its main stream. */
const ole = (stream: string) => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from(stream, 'utf16le'), Buffer.alloc(1024, 1)]);

export function png(extra = Buffer.alloc(0)): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(4 * 13, 120))),
    chunk('IEND', Buffer.alloc(0)),
    extra,
  ]);
}

export async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('表').addRow(['编号', '名称']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One genuine sample of each allowed kind, under a name with its extension. */
export async function samples(): Promise<Record<string, Buffer>> {
  return {
    '照片.jpg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(300, 0x41), Buffer.from([0xff, 0xd9])]),
    '图.png': png(),
    'anim.gif': Buffer.concat([Buffer.from('GIF89a'), Buffer.from([4, 0, 4, 0, 0, 0, 0]), Buffer.alloc(40, 0x2c), Buffer.from([0x3b])]),
    'pic.webp': Buffer.concat([Buffer.from('RIFF'), Buffer.from([60, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(52, 7)]),
    '合同.pdf': Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    '报表.xlsx': await xlsx(),
    '说明.docx': zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }),
    '汇报.pptx': zipOf({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p:presentation/>' }),
    '旧表.xls': ole('Workbook'),
    '旧文档.doc': ole('WordDocument'),
    '资料.zip': zipOf({ 'readme.txt': 'hello' }),
    '备注.txt': Buffer.from('\ufeff第一行\n第二行: a < b, 1 > 0\n'),
    '名单.csv': Buffer.from('姓名,电话\n张三,13800000000\n'),
  };
}

/** A multipart/form-data body with one file in the field `file`. */
export function multipart(bytes: Buffer, filename: string, type = 'application/octet-stream') {
  const boundary = '----wb' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
