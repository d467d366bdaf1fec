import { describe, expect, it } from 'vitest';
import { blobErrorText, fileNameFromDisposition } from './download';

describe('export downloads', () => {
  it('reads the file name of Content-Disposition, preferring the UTF-8 one', () => {
    expect(fileNameFromDisposition(`attachment; filename="company.xlsx"; filename*=UTF-8''%E5%85%AC%E5%8F%B8.xlsx`)).toBe('公司.xlsx');
    expect(fileNameFromDisposition('attachment; filename="company.xlsx"')).toBe('company.xlsx');
    expect(fileNameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
  });

  it('reads the message of a failed export out of the Blob body', async () => {
    const body = new Blob([JSON.stringify({ code: 403, success: false, msg: '缺少操作权限' })], { type: 'application/json' });
    expect(await blobErrorText(body, '导出失败')).toBe('缺少操作权限');
    expect(await blobErrorText(new Blob(['<html>']), '导出失败')).toBe('导出失败');
    expect(await blobErrorText(undefined, '导出失败')).toBe('导出失败');
  });
});
