import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { dictResource, dictViews } from '@wb/contracts/resources/org';
import * as dictionaries from './dictionaries';
import { ParentChildPage } from './parent-child-page';
import { buttonIn, fakeHost, openDialog, page, type Call } from './test/fake-host';

afterEach(() => cleanup());

const { parents, children } = dictViews(dictResource);
const parentRow = { id: '1', code: 'sex', dictValue: '性别', parentId: '0', dictKey: '-1', sort: 1, isSealed: 0, remark: '' };
const childRow = { id: '2', code: 'sex', dictValue: '男', parentId: '1', dictKey: '1', sort: 1, isSealed: 0, remark: '' };

const answer = ({ method, url }: Call) => {
  if (url === '/us-system/dict/parent-list') return page([parentRow]);
  if (url === '/us-system/dict/child-list') return page([childRow]);
  if (url === '/us-system/dict/tree') return [{ id: '1', parentId: '0', title: '性别', key: '1', value: '1', hasChildren: true }];
  if (url === '/us-system/dict/submit' && method === 'post') return childRow;
  return undefined;
};

const addButton = (table: HTMLElement) => buttonIn(table, /新\s*增/);
const tableTitled = (title: string) => screen.getByText(title).closest<HTMLElement>('.ant-pro-table')!;

describe('the parent/child page', () => {
  it("lists the chosen parent's children and adds a child under it", async () => {
    const invalidate = vi.spyOn(dictionaries, 'invalidateDictionaries');
    const { wrapper, callsTo } = fakeHost(answer);
    render(<ParentChildPage parent={parents} child={children} layout="horizontal" />, { wrapper });
    await screen.findByText('性别');
    // nothing chosen: no children asked for, no child to add
    const waiting = tableTitled('请先选择一条系统字典');
    expect(callsTo('/us-system/dict/child-list')).toHaveLength(0);
    expect(addButton(waiting)).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByText('性别'));
    await screen.findByText('男');
    expect(callsTo('/us-system/dict/child-list')[0].params).toEqual({ current: 1, size: 10, parentId: '1' });
    const childTable = tableTitled('系统字典 · 性别');
    expect(addButton(childTable)).toHaveProperty('disabled', false);

    fireEvent.click(addButton(childTable));
    const dialog = await openDialog();
    const code = await waitFor(() => dialog.querySelector<HTMLInputElement>('#dict-child-form_code')!);
    // inherited from the parent and not editable
    expect(code.value).toBe('sex');
    expect(code.disabled).toBe(true);
    fireEvent.change(dialog.querySelector('#dict-child-form_dictValue')!, { target: { value: '女' } });
    fireEvent.change(dialog.querySelector('#dict-child-form_dictKey')!, { target: { value: '2' } });
    fireEvent.click(buttonIn(dialog, /确\s*定/));
    await waitFor(() => expect(callsTo('/us-system/dict/submit')).toHaveLength(1));
    expect(callsTo('/us-system/dict/submit')[0].body).toMatchObject({ code: 'sex', parentId: '1', dictValue: '女', dictKey: '2', isSealed: 0, sort: 1 });
    // the fields of other pages read the dictionaries again
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
  });
});
