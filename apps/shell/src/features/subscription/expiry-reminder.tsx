import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubscribeReminder } from '@wb/contracts/resources/subscription';
import '../../shared/i18n/shell-texts';
import { useSession } from '../../shared/session-store';
import { getStore, setStore } from '../../shared/storage';
import { useProject } from '../project-picker/project-store';
import { dismissReminder, fetchReminders, targetOf, type SubscribeTarget } from './api/subscription';
import { isCustomText, localDate, mayAsk, REMINDER_CHECK_MS, reminderStoreName, shouldShow } from './reminder-rules';

const PackageDialog = lazy(() => import('./package-dialog'));

/**
 * The package expiry reminder (shell spec §4 'Expiry reminder'): checked when the workbench opens,
 * for each project picked and every ten minutes, by the rules of reminder-rules.ts. 关闭 and 查看详情
 * (which opens 我的套餐) both record the dismissal on the server for this project.
 */
export default function ExpiryReminder() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const project = useProject((s) => s.current);
  const tenantId = useSession((s) => s.userInfo?.tenant_id);
  const userId = useSession((s) => s.userInfo?.user_id);
  const [shown, setShown] = useState<{ reminder: SubscribeReminder; target: SubscribeTarget } | null>(null);
  const [detail, setDetail] = useState(false);
  const companyId = targetOf(project)?.companyId;
  const projectId = targetOf(project)?.projectId;

  useEffect(() => {
    if (!companyId || !projectId) return undefined;
    const target = { companyId, projectId };
    const storeName = reminderStoreName({ tenantId, userId }, target);
    let live = true;
    const check = async () => {
      const now = new Date();
      if (!mayAsk(now, getStore<string>(storeName))) return;
      const due = await queryClient
        .fetchQuery({ queryKey: ['subscription', 'reminders', companyId, projectId], queryFn: () => fetchReminders(target), staleTime: 0 })
        .catch(() => [] as SubscribeReminder[]);
      const reminder = due.find((r) => shouldShow(r, now));
      if (!live || !reminder) return;
      setStore(storeName, localDate(now));
      setShown({ reminder, target });
    };
    void check();
    const timer = setInterval(() => void check(), REMINDER_CHECK_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [companyId, projectId, tenantId, userId, queryClient]);

  const dismiss = (thenDetail: boolean) => {
    if (shown) void dismissReminder(shown.target).catch(() => undefined);
    setShown(null);
    setDetail(thenDetail);
  };
  const reminder = shown?.reminder;
  const text = !reminder
    ? ''
    : isCustomText(reminder)
      ? reminder.content
      : t(reminder.expired ? 'subscription.expiredReminder' : 'subscription.defaultReminder', { name: reminder.packageName, date: reminder.endDate });
  return (
    <>
      <Modal
        open={!!reminder}
        title={t('subscription.reminderTitle')}
        className="wb-expiry-reminder"
        maskClosable={false}
        onCancel={() => dismiss(false)}
        footer={[
          <Button key="close" onClick={() => dismiss(false)}>
            {t('subscription.close')}
          </Button>,
          <Button key="detail" type="primary" onClick={() => dismiss(true)}>
            {t('subscription.detail')}
          </Button>,
        ]}
      >
        <p style={{ whiteSpace: 'pre-wrap' }}>{text}</p>
      </Modal>
      {detail && (
        <Suspense fallback={null}>
          <PackageDialog onClose={() => setDetail(false)} />
        </Suspense>
      )}
    </>
  );
}
