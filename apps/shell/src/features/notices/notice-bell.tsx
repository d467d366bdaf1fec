import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useProject } from '../project-picker/project-store';
import { useSession } from '../../shared/session-store';
import { ANNOUNCEMENT_POLL_MS, fetchAnnouncements, fetchReminders, FIRST_FETCH_DELAY_MS, REMINDER_POLL_MS, type Announcement } from './api/notices';
import './notices-texts';
import './notices.css';

// the lists and the preview (with the HTML sanitiser) load when first opened
const NoticePanel = lazy(() => import('./notice-panel'));
const AnnouncementPreview = lazy(() => import('./announcement-preview'));

/**
 * The top bar's notices: a bell with the unread count, its popover of 系统公告 and 督办提醒, and
 * the announcement preview. Reminders are polled every minute and announcements every ten, the
 * first time a second after the workbench opens; the latest announcement opens by itself while
 * it is unread.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const projectId = useProject((s) => s.current.id);
  const userCode = useSession((s) => s.userInfo?.account);
  const [started, setStarted] = useState(false);
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<Announcement | null>(null);
  const autoOpened = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), FIRST_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const announcements = useQuery({
    queryKey: ['notices', 'announcements'],
    queryFn: () => fetchAnnouncements(projectId, userCode),
    enabled: started,
    refetchInterval: ANNOUNCEMENT_POLL_MS,
    staleTime: 0,
  });
  const reminders = useQuery({
    queryKey: ['notices', 'reminders'],
    queryFn: () => fetchReminders(projectId, userCode),
    enabled: started,
    refetchInterval: REMINDER_POLL_MS,
    staleTime: 0,
  });

  const latest = announcements.data?.records[0];
  useEffect(() => {
    if (!autoOpened.current && latest && latest.readStatus === 0) {
      autoOpened.current = true;
      setPreview(latest);
    }
  }, [latest]);

  const unread = (announcements.data?.records.filter((a) => a.readStatus === 0).length ?? 0) + (reminders.data?.records.filter((r) => r.readStatus === 0).length ?? 0);
  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        content={
          <Suspense fallback={null}>
            <NoticePanel
              announcements={announcements.data?.records ?? []}
              reminders={reminders.data?.records ?? []}
              onAnnouncement={(a) => {
                setOpen(false);
                setPreview(a);
              }}
              onReminder={() => setOpen(false)}
            />
          </Suspense>
        }
      >
        <Button type="text" className="wb-header__action wb-notice-bell" aria-label={t('notices.open')} title={t('notices.open')}>
          <Badge count={unread} size="small" offset={[4, -2]}>
            <BellOutlined />
          </Badge>
        </Button>
      </Popover>
      {preview && (
        <Suspense fallback={null}>
          <AnnouncementPreview announcement={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </>
  );
}
