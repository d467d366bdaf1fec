import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { deptResource, regionResource, userResource } from '@wb/contracts/resources/org';
import { apiLogResource } from '@wb/contracts/resources/logs';
import { invalidateDictionaries } from './dictionaries';
import { ResourcePage } from './resource-page';
import { buttonIn, fakeHost, openDialog, page, rowOf, type Call } from './test/fake-host';

afterEach(() => {
  cleanup();
  invalidateDictionaries();
});

describe('a tree def', () => {
  const region = (code: string, name: string, hasChildren: boolean) => ({ id: code, code, name, parentCode: code.slice(0, -2) || '00', level: 1, sort: 1, hasChildren });
  const answer = ({ url, params }: Call) => {
    if (url === '/us-system/region/lazy-list') return params?.parentCode === '11' ? [region('1101', '东城区', false)] : [region('11', '北京市', true), region('12', '天津市', false)];
    if (url === '/us-system/dict/dictionary') return [];
    if (url === '/us-system/region/tree') return [];
    return undefined;
  };

  it('lists the top level from lazy-list and loads a level when its row expands', async () => {
    const { wrapper, callsTo } = fakeHost(answer);
    render(<ResourcePage def={regionResource} />, { wrapper });
    await screen.findByText('北京市');
    expect(callsTo('/us-system/region/lazy-list')[0].params).toEqual({});
    // only a row with children can expand
    const expand = rowOf('北京市').querySelector('.ant-table-row-expand-icon')!;
    expect(expand.className).not.toContain('spaced');
    fireEvent.click(expand);
    await screen.findByText('东城区');
    expect(callsTo('/us-system/region/lazy-list')[1].params).toEqual({ parentCode: '11' });
    expect(rowOf('天津市').querySelector('.ant-table-row-expand-icon')?.className).toContain('spaced');
  });

  it('lists the matches flat from the paged list when searched', async () => {
    const { wrapper, callsTo } = fakeHost((call) => (call.url === '/us-system/region/list' ? page([region('1101', '东城区', false)]) : answer(call)));
    render(<ResourcePage def={regionResource} />, { wrapper });
    await screen.findByText('北京市');
    fireEvent.change(document.querySelector('#region-search_name')!, { target: { value: '东城' } });
    fireEvent.click(buttonIn(document.body, /查\s*询/));
    await screen.findByText('东城区');
    expect(callsTo('/us-system/region/list')[0].params).toEqual({ current: 1, size: 10, name: '东城' });
    expect(rowOf('东城区').querySelector('.ant-table-row-expand-icon')).toBeNull();
  });

  it('imports a file into the upload centre, follows it, and reloads the list when it is done', async () => {
    let detailCalls = 0;
    const { wrapper, calls, callsTo, message } = fakeHost((call) => {
      if (call.url === '/us-system/region/import-job') return { id: '77' };
      if (call.url === '/us-resource/file-import/getById') return { id: '77', status: ++detailCalls > 1 ? 1 : 0, totalNum: 3, successNum: 2, failedNum: 1, errorMsg: '' };
      return answer(call);
    });
    const states: unknown[] = [];
    render(<ResourcePage def={regionResource} onExportState={(s) => states.push(s)} />, { wrapper });
    await screen.findByText('北京市');
    fireEvent.click(buttonIn(document.body, /导\s*入/));
    const dialog = await openDialog();
    expect(dialog.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.xlsx');
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['x'], 'regions.xlsx')] } });
    await within(dialog).findByText('regions.xlsx');
    const listed = callsTo('/us-system/region/lazy-list').length;
    fireEvent.click(buttonIn(dialog, /确\s*定/));
    await waitFor(() => expect(message.success).toHaveBeenCalledWith('已加入上传中心, 导入完成后列表自动刷新'));
    const upload = calls.find((c) => c.method === 'upload')!;
    expect(upload.url).toBe('/us-system/region/import-job');
    expect(((upload.body as FormData).get('file') as File).name).toBe('regions.xlsx');
    expect(states).toEqual([{ state: 'processing', importId: '77' }]);
    // followed until it is over: then the outcome, and the list again
    await waitFor(() => expect(message.warning).toHaveBeenCalledWith('导入完成: 成功 2 条, 失败 1 条'), { timeout: 5000 });
    expect(callsTo('/us-resource/file-import/getById')[0].params).toEqual({ id: '77' });
    await waitFor(() => expect(callsTo('/us-system/region/lazy-list').length).toBeGreaterThan(listed));
  });
});

describe('a dict field', () => {
  const answer = ({ url, params }: Call) => {
    if (url === '/us-system/dept/lazy-list') return [{ id: '3', deptName: '运营部', fullName: '总部运营部', parentId: '0', deptCategory: 2, sort: 1, hasChildren: false }];
    if (url === '/us-system/dict/dictionary' && params?.code === 'org_category')
      return [
        { id: '10', parentId: '9', code: 'org_category', dictKey: '1', dictValue: '公司', sort: 1, remark: '', isSealed: 0 },
        { id: '11', parentId: '9', code: 'org_category', dictKey: '2', dictValue: '部门', sort: 2, remark: '', isSealed: 0 },
      ];
    if (url === '/us-system/dept/tree') return [];
    return undefined;
  };

  it("shows the dictionary's labels in the column and in the form, a number key matching its string", async () => {
    const { wrapper, callsTo } = fakeHost(answer);
    render(<ResourcePage def={deptResource} />, { wrapper });
    await screen.findByText('运营部', { selector: 'td' });
    await waitFor(() => expect(within(rowOf('运营部')).getByText('部门')).toBeTruthy());
    fireEvent.click(buttonIn(document.body, /新\s*增/));
    const dialog = await openDialog();
    // the default (2) shows as its label
    await waitFor(() => expect(within(dialog).getByTitle('部门')).toBeTruthy());
    // one call per dictionary, shared by the column, the search form and the form
    expect(callsTo('/us-system/dict/dictionary')).toHaveLength(1);
  });
});

/** A leaf of a resource's tree. */
const node = (id: string, title: string) => ({ id, parentId: '0', title, key: id, value: id, hasChildren: false });

describe('the user form', () => {
  const user = {
    id: '7',
    account: 'amy',
    name: 'Amy',
    realName: '艾米',
    userType: 1,
    roleId: '1,2',
    deptId: '3',
    postId: '',
    phone: '',
    email: '',
    sex: 3,
    birthday: '',
    code: '',
    locked: false,
    roleName: '管理员,运维',
    deptName: '运营部',
  };
  const answer = ({ method, url }: Call) => {
    if (url === '/us-user/page') return page([user]);
    if (url === '/us-user/detail') return user;
    if (url === '/us-user/update' && method === 'post') return user;
    // roles and departments are trees: their records are picked from the tree
    if (url === '/us-system/role/tree') return [node('1', '管理员'), node('2', '运维')];
    if (url === '/us-system/dept/tree') return [node('3', '运营部')];
    if (url.endsWith('/select')) return [{ id: '9', label: '运营专员' }];
    if (url.endsWith('/dictionary')) return [];
    return undefined;
  };

  it('keeps an addOnly field disabled when editing and sends multiRef choices comma-joined', async () => {
    const { wrapper, callsTo } = fakeHost(answer);
    render(<ResourcePage def={userResource} />, { wrapper });
    await screen.findByText('艾米');
    // the roles column names the ids through the role tree
    await waitFor(() => expect(within(rowOf('艾米')).getByText('管理员, 运维')).toBeTruthy());
    fireEvent.click(within(rowOf('艾米')).getByText('编辑'));
    const dialog = await openDialog();
    const account = await waitFor(() => dialog.querySelector<HTMLInputElement>('#user-form_account')!);
    expect(account.value).toBe('amy');
    expect(account.disabled).toBe(true);
    // no password once the account exists, the computed lock state never
    expect(dialog.querySelector('#user-form_password')).toBeNull();
    expect(dialog.querySelector('#user-form_locked')).toBeNull();
    fireEvent.click(buttonIn(dialog, /确\s*定/));
    await waitFor(() => expect(callsTo('/us-user/update')).toHaveLength(1));
    const body = callsTo('/us-user/update')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ id: '7', roleId: '1,2', deptId: '3', postId: '', realName: '艾米', userType: '1' });
    expect(body).not.toHaveProperty('account');
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('locked');
  });

  it('runs a selection action on the chosen rows, with its ids parameter, after its confirm', async () => {
    const answerReset = (call: Call) => (call.url === '/us-user/reset-password' ? true : answer(call));
    const { wrapper, callsTo, confirms, message } = fakeHost(answerReset);
    render(<ResourcePage def={userResource} />, { wrapper });
    await screen.findByText('艾米');
    fireEvent.click(buttonIn(document.body, '密码重置'));
    // nothing chosen yet
    expect(message.warning).toHaveBeenCalledWith('请选择至少一条数据');
    fireEvent.click(rowOf('艾米').querySelector('input[type="checkbox"]')!);
    fireEvent.click(buttonIn(document.body, '密码重置'));
    expect(confirms.at(-1)?.content).toBe('确定将选择账号密码重置为初始密码?');
    await confirms.at(-1)?.onOk?.();
    expect(callsTo('/us-user/reset-password')).toEqual([{ method: 'post', url: '/us-user/reset-password', body: undefined, params: { userIds: '7' } }]);
    expect(message.success).toHaveBeenCalledWith('重置密码成功');
  });
});

describe('a read-only def', () => {
  it('offers viewing only, even to a role that holds the add, edit and delete codes', async () => {
    const row = { id: '1', method: 'GET', requestUri: '/us-system/param/list', status: 200, durationMs: 3, account: 'admin', createTime: '2026-11-25 10:00:00' };
    const { wrapper } = fakeHost((call) => (call.url === '/us-log/api/list' ? page([row]) : undefined));
    render(<ResourcePage def={apiLogResource} />, { wrapper });
    await screen.findByText('/us-system/param/list');
    expect(within(rowOf('/us-system/param/list')).getByText('查看')).toBeTruthy();
    expect(within(rowOf('/us-system/param/list')).queryByText('编辑')).toBeNull();
    expect(within(rowOf('/us-system/param/list')).queryByText('删除')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });
});

describe("a list's selection checkboxes", () => {
  const answer = ({ url }: Call) => {
    if (url === '/us-user/page') return page([{ id: '7', account: 'amy', name: 'Amy', realName: '艾米', userType: 1, deptName: '运营部' }]);
    if (url.endsWith('/tree')) return [];
    if (url.endsWith('/select') || url.endsWith('/dictionary')) return [];
    return undefined;
  };

  it('are named: 全选 on the header, 选择 and the row’s name on each row', async () => {
    const { wrapper } = fakeHost(answer);
    render(<ResourcePage def={userResource} />, { wrapper });
    await screen.findByText('艾米');
    const header = document.querySelector<HTMLInputElement>('.ant-table-thead .ant-checkbox-input')!;
    expect(header.getAttribute('aria-label')).toBe('全选');
    const row = rowOf('艾米').querySelector<HTMLInputElement>('.ant-checkbox-input')!;
    expect(row.getAttribute('aria-label')).toBe('选择艾米');
  });
});
