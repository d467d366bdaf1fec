import { afterEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
const recordError = vi.fn();
vi.mock('../../shared/request', () => ({ http: { get } }));
vi.mock('../error-log/capture', () => ({ recordError }));

const { uploadBySignedUrl } = await import('./upload-by-signed-url');

const file = new File(['a,b\n1,2\n'], '名单.csv', { type: 'text/csv' });
const signed = {
  signedUrl: '/us-resource/oss/endpoint/signed-upload/0f8fad5b-d9cb-469f-a165-70867728950e.csv?tenant=000000&user=1&expires=1&signature=x',
  actualSignedRequestHeaders: { 'Content-Type': 'text/csv; charset=utf-8' },
  url: '/us-resource/oss/endpoint/file/0f8fad5b-d9cb-469f-a165-70867728950e-000000-1-sig.csv',
};

afterEach(() => {
  vi.unstubAllGlobals();
  get.mockReset();
  recordError.mockReset();
});

describe('uploadBySignedUrl', () => {
  it('asks for an address by the file name, PUTs the file with the signed headers, and answers url', async () => {
    get.mockResolvedValue(signed);
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await uploadBySignedUrl(file)).toBe(signed.url);
    expect(get).toHaveBeenCalledWith(`/wwy-us-adapter/biz/file/createSignedUrlSync/${encodeURIComponent('名单.csv')}`, undefined, { silent: true });
    expect(fetchMock).toHaveBeenCalledWith(signed.signedUrl, { method: 'PUT', headers: signed.actualSignedRequestHeaders, body: file });
    expect(recordError).not.toHaveBeenCalled();
  });

  it('logs a refused signature or PUT and answers null', async () => {
    get.mockRejectedValueOnce(new Error('文件 id 的类型不支持'));
    expect(await uploadBySignedUrl(file)).toBeNull();
    get.mockResolvedValue(signed);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"msg":"上传地址无效或已过期"}', { status: 403 })));
    expect(await uploadBySignedUrl(file)).toBeNull();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await uploadBySignedUrl(file)).toBeNull();
    const logged = recordError.mock.calls.map(([error, info]) => [(error as Error).message, info]);
    expect(logged).toEqual([
      ['signed upload of 名单.csv failed: 文件 id 的类型不支持', 'uploadBySignedUrl'],
      ['signed upload of 名单.csv failed: PUT answered 403: {"msg":"上传地址无效或已过期"}', 'uploadBySignedUrl'],
      ['signed upload of 名单.csv failed: Failed to fetch', 'uploadBySignedUrl'],
    ]);
  });
});
