import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../shared/feedback';
import { localLogout } from '../../shared/local-logout';
import { serverLogout } from './api/session-calls';

/** Logout after a confirm ('退出系统, 是否继续?'), then the server call, then local cleanup. */
export function useLogout(): () => void {
  const { t } = useTranslation();
  return useCallback(() => {
    feedback().modal.confirm({
      title: t('common.confirmTitle'),
      content: t('logout.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await serverLogout();
        } catch {
          // The session is forgotten locally even when the server cannot be told.
        }
        localLogout();
      },
    });
  }, [t]);
}
