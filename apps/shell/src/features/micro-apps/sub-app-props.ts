import type { SubAppDescriptor } from '@wb/contracts/resources/sub-app';
import type { ProjectNode, RouterChange, SubAppProps, SubAppTheme, SubAppUser } from '@wb/contracts/subapp-protocol';
import type { SelectedProject } from '@wb/contracts/project';
import type { UserInfo } from '../../shared/session-store';
import { apiBaseFor } from './registry';

/** Where the props read the shell's state, at the moment a sub-app reads them. */
export interface PropsSource {
  token(): string | undefined;
  tenantId(): string | undefined;
  userInfo(): UserInfo | undefined;
  locale(): 'zh' | 'en';
  /** the theme's name, the primary colour and whether the theme is dark */
  theme(): SubAppTheme;
  project(): SelectedProject | undefined;
  origin(): string;
  shellApiBase(): string;
  /** what a routerChange does: props.jump is the same door */
  jump(to: RouterChange): void;
  /** the shell's own signed-URL upload, under its session */
  uploadBySignedUrl(file: File): Promise<string | null>;
}

export function toSubAppUser(info: UserInfo | undefined): SubAppUser {
  return {
    userId: info?.user_id ?? '',
    account: info?.account ?? '',
    userName: info?.user_name ?? '',
    realName: info?.real_name || undefined,
    avatar: info?.avatar || undefined,
    roleName: info?.role_name || undefined,
  };
}

/** The picker's node as the protocol's ProjectNode (without the shell's path of ids). */
export function toProjectNode(selected: SelectedProject | undefined): ProjectNode | null {
  if (!selected) return null;
  const { list: _list, ...node } = selected;
  return node;
}

/**
 * `window.$wujie.props` of one app. Every field is a getter, so an app that
 * reads a prop later (a kept-alive app, a request made an hour after mount)
 * sees the shell as it is now: a refreshed token, a switched language. wujie
 * hands the app this very object.
 */
export function createSubAppProps(descriptor: Pick<SubAppDescriptor, 'defaultApiHost'>, source: PropsSource): SubAppProps {
  return {
    getToken: () => source.token() ?? '',
    get tenantId() {
      return source.tenantId() ?? '';
    },
    get user() {
      return toSubAppUser(source.userInfo());
    },
    get locale() {
      return source.locale();
    },
    get theme() {
      return source.theme().theme;
    },
    get color() {
      return source.theme().color;
    },
    get dark() {
      return source.theme().dark;
    },
    get project() {
      return toProjectNode(source.project());
    },
    get apiBase() {
      return apiBaseFor(descriptor, source.origin(), source.shellApiBase());
    },
    jump: (to) => source.jump(to),
    uploadBySignedUrl: (file) => source.uploadBySignedUrl(file),
  };
}
