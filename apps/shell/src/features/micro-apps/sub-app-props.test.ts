import { describe, expect, it } from 'vitest';
import type { SelectedProject } from '@wb/contracts/project';
import type { UserInfo } from '../../shared/session-store';
import { createSubAppProps, type PropsSource } from './sub-app-props';

describe('sub-app props', () => {
  it('read the shell at the moment of the call: a refreshed token, a new locale, a new project', () => {
    const state = { token: 't1', locale: 'zh' as 'zh' | 'en', project: undefined as SelectedProject | undefined, look: { theme: 'theme-hey', color: '#ff8642', dark: false } };
    const source: PropsSource = {
      token: () => state.token,
      tenantId: () => '000000',
      userInfo: () => ({ user_id: '1', account: 'admin', user_name: '管理员', real_name: '', avatar: '', role_name: 'administrator' }) as unknown as UserInfo,
      locale: () => state.locale,
      theme: () => state.look,
      project: () => state.project,
      origin: () => 'http://shell.test',
      shellApiBase: () => '',
      jump: () => undefined,
      uploadBySignedUrl: async (file) => `/uploaded/${file.name}`,
    };
    const props = createSubAppProps({ defaultApiHost: '' }, source);
    expect(props.getToken()).toBe('t1');
    expect([props.theme, props.color, props.dark]).toEqual(['theme-hey', '#ff8642', false]);
    state.token = 't2';
    state.look = { theme: 'theme-dark', color: '#1677ff', dark: true };
    state.locale = 'en';
    state.project = { id: '7', pid: '3', name: 'P7', projectIds: '7', list: ['1', '3', '7'] } as SelectedProject;
    expect(props.getToken()).toBe('t2');
    expect(props.locale).toBe('en');
    expect([props.theme, props.color, props.dark]).toEqual(['theme-dark', '#1677ff', true]);
    expect(props.project).toMatchObject({ id: '7', projectIds: '7' });
    expect(props.project).not.toHaveProperty('list');
    expect(props.user).toEqual({ userId: '1', account: 'admin', userName: '管理员', realName: undefined, avatar: undefined, roleName: 'administrator' });
    expect(props.tenantId).toBe('000000');
    expect(props.apiBase).toBe('http://shell.test');
  });

  it('hand sub-apps the shell’s signed-URL upload', async () => {
    const source = { uploadBySignedUrl: async (file: File) => `/uploaded/${file.name}` } as unknown as PropsSource;
    const props = createSubAppProps({ defaultApiHost: '' }, source);
    expect(await props.uploadBySignedUrl(new File(['x'], 'a.txt'))).toBe('/uploaded/a.txt');
  });
});
