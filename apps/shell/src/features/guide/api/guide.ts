import { http } from '../../../shared/request';

/** A step of a version's guide (shell spec §3 'Login guide record'). */
export interface GuideStep {
  content: string;
  /** a CSS selector and an event, comma-separated: the tour points at that element */
  pageTag: string;
  stepImg: string;
  serverName: string;
  menuTag: string;
  sort: number;
}

/** The version the user has not been shown yet, with its guide. */
export interface LoginGuide {
  versionId: string;
  versionNo: string;
  title: string;
  /** 'all': the release carousel; 'step': a tour of the page */
  guideType: 'all' | 'step' | string;
  /** the update date, yyyy-MM-dd */
  pushTime: string;
  content: string;
  showContent: boolean;
  guideStepList: GuideStep[];
}

export const fetchLoginGuide = () => http.post<LoginGuide | null>('/us-system/version-manage/loginRecord', {}, { silent: true });
export const saveLoginGuide = (versionId: string) => http.post('/us-system/version-manage/saveLoginRecord', { versionId }, { silent: true });

/** The element a step points at, if the page has it (an invalid selector points at nothing). */
export function stepTarget(pageTag: string): HTMLElement | null {
  const selector = pageTag.split(',')[0]?.trim();
  if (!selector) return null;
  try {
    return document.querySelector<HTMLElement>(selector);
  } catch {
    return null;
  }
}
