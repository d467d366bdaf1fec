import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceTransport } from './host';
import { DICTIONARY_TTL_MS, dictionaryItems, invalidateDictionaries, subscribeDictionaries } from './dictionaries';

function transport(answer: () => Promise<unknown>) {
  const get = vi.fn((_url: string, _params?: Record<string, unknown>) => answer());
  return { get, post: vi.fn(), upload: vi.fn(), download: vi.fn() } as unknown as ResourceTransport & { get: typeof get };
}

const item = (dictKey: string, dictValue: string) => ({ id: dictKey, parentId: '1', code: 'sex', dictKey, dictValue, sort: 1, remark: '', isSealed: 0 });

describe('dictionary cache', () => {
  afterEach(() => invalidateDictionaries());

  it('asks once per code and kind, from the system or the business dictionary', async () => {
    const t = transport(async () => [item('1', '男')]);
    await dictionaryItems(t, { code: 'sex' }, 0);
    await dictionaryItems(t, { code: 'sex' }, 1000);
    await dictionaryItems(t, { code: 'sex', biz: true }, 1000);
    expect(t.get.mock.calls).toEqual([
      ['/us-system/dict/dictionary', { code: 'sex' }],
      ['/us-system/dict-biz/dictionary', { code: 'sex' }],
    ]);
  });

  it('asks again after five minutes, after an invalidation, and after a failure', async () => {
    let fail = true;
    const t = transport(async () => {
      if (fail) throw new Error('down');
      return [item('1', '男')];
    });
    await expect(dictionaryItems(t, { code: 'sex' }, 0)).rejects.toThrow('down');
    fail = false;
    expect(await dictionaryItems(t, { code: 'sex' }, 1)).toHaveLength(1);
    await dictionaryItems(t, { code: 'sex' }, DICTIONARY_TTL_MS);
    expect(t.get).toHaveBeenCalledTimes(2);
    await dictionaryItems(t, { code: 'sex' }, DICTIONARY_TTL_MS + 1);
    expect(t.get).toHaveBeenCalledTimes(3);

    const heard = vi.fn();
    const stop = subscribeDictionaries(heard);
    invalidateDictionaries();
    stop();
    expect(heard).toHaveBeenCalledOnce();
    await dictionaryItems(t, { code: 'sex' }, DICTIONARY_TTL_MS + 2);
    expect(t.get).toHaveBeenCalledTimes(4);
  });
});
