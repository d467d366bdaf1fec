import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../shared/feedback';
import { useErrorLog } from './error-log-store';
import { saveLogs } from './api/save-logs';

/**
 * Upload and clear, each after a confirm: '确定上传本地日志到服务器?'
 * then '发送成功!'; '确定清空本地日志记录?' then '清空成功!'. Uploaded entries
 * leave the local log; entries recorded meanwhile stay.
 */
export function useLogActions() {
  const { t } = useTranslation();
  const upload = useCallback(() => {
    feedback().modal.confirm({
      title: t('common.confirmTitle'),
      content: t('errorLog.uploadConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const entries = useErrorLog.getState().logs;
        if (!entries.length) return;
        await saveLogs(entries);
        useErrorLog.getState().clear(entries);
        void feedback().message.success(t('errorLog.uploaded'));
      },
    });
  }, [t]);
  const clear = useCallback(() => {
    feedback().modal.confirm({
      title: t('common.confirmTitle'),
      content: t('errorLog.clearConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => {
        useErrorLog.getState().clear();
        void feedback().message.success(t('errorLog.cleared'));
      },
    });
  }, [t]);
  return { upload, clear };
}
