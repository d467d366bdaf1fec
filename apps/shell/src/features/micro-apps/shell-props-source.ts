import { appEnv } from '../../shared/env';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useSession } from '../../shared/session-store';
import { shellLook } from './shell-look';
import { uploadBySignedUrl } from '../files/upload-by-signed-url';
import { useProject } from '../project-picker/project-store';
import { jumpFromSubApp } from './router-change';
import type { PropsSource } from './sub-app-props';

/** The shell's stores as the props' source (read at call time, never copied). */
export const shellPropsSource: PropsSource = {
  token: () => useSession.getState().token,
  tenantId: () => useSession.getState().tenantId,
  userInfo: () => useSession.getState().userInfo,
  locale: currentLanguage,
  theme: shellLook,
  project: () => useProject.getState().current,
  origin: () => window.location.origin,
  shellApiBase: () => appEnv.apiBase,
  jump: jumpFromSubApp,
  uploadBySignedUrl,
};
