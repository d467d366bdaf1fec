import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Badge, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useProject } from '../project-picker/project-store';
import { useSession } from '../../shared/session-store';
import { useTurn } from '../../shared/ui/one-at-a-time';
import { PopoverButton } from '../../shared/ui/popover-button';
import { ANNOUNCEMENT_POLL_MS, announcementsQuery, remindersQuery, FIRST_FETCH_DELAY_MS, REMINDER_POLL_MS, type Announcement } from './api/notices';
import { watchNotices } from './api/notice-stream';
import './notices-texts';
import './notices.css';

// the lists and the preview (with the HTML sanitiser) load when first opened
const NoticePanel = lazy(() => import('./notice-panel'));
const AnnouncementPreview = lazy(() => import('./announcement-preview'));
const IncidentDialog = lazy(() => import('./incident-dialog'));

/**
 * The top bar's notices: a bell with the unread count, its popover of 系统公告 and 督办提醒, and
 * the announcement preview. Reminders are polled every minute and announcements every ten, the
 * first time a second after the workbench opens, and fetched at once when the server's notice
 * stream says one arrived; the latest announcement opens by itself while it is unread.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const projectId = useProject((s) => s.current.id);
  const userCode = useSession((s) => s.userInfo?.account);
  const [started, setStarted] = useState(false);
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<Announcement | null>(null);
  // the latest unread announcement opens by itself in its turn: not over the release guide or tour (one-at-a-time.ts)
  const [latestUnread, setLatestUnread] = useState<Announcement | null>(null);
  const ownTurn = useTurn('announcement', !!latestUnread);
  const [incident, setIncident] = useState<string | null>(null);
  const autoOpened = useRef<string | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), FIRST_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // a notice pushed by the server is fetched at once
  useEffect(() => {
    if (!started) return;
    const stop = new AbortController();
    void watchNotices((kind) => void queryClient.invalidateQueries({ queryKey: ['notices', kind === 'announcement' ? 'announcements' : 'reminders'] }), stop.signal);
    return () => stop.abort();
  }, [started, queryClient]);
  const announcements = useQuery({
    ...announcementsQuery(projectId, userCode),
    enabled: started,
    refetchInterval: ANNOUNCEMENT_POLL_MS,
    staleTime: 0,
  });
  const reminders = useQuery({
    ...remindersQuery(projectId, userCode),
    enabled: started,
    refetchInterval: REMINDER_POLL_MS,
    staleTime: 0,
  });

  const latest = announcements.data?.records[0];
  useEffect(() => {
    // each new latest announcement opens once, while unread (one published meanwhile too)
    if (latest && latest.readStatus === 0 && autoOpened.current !== latest.systemNotifyUserId) {
      autoOpened.current = latest.systemNotifyUserId;
      setLatestUnread(latest);
    }
  }, [latest]);

  const unread = (announcements.data?.records.filter((a) => a.readStatus === 0).length ?? 0) + (reminders.data?.records.filter((r) => r.readStatus === 0).length ?? 0);
  return (
    <>
      <PopoverButton
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
                // opened by hand: it does not open again by itself
                if (latestUnread?.systemNotifyUserId === a.systemNotifyUserId) setLatestUnread(null);
              }}
              onReminder={() => setOpen(false)}
              onIncident={setIncident}
            />
          </Suspense>
        }
      >
        <Button type="text" className="wb-header__action wb-notice-bell" aria-label={t('notices.open')} title={t('notices.open')}>
          <Badge count={unread} size="small" offset={[4, -2]}>
            <BellOutlined />
          </Badge>
        </Button>
      </PopoverButton>
      <Suspense fallback={null}>
        {preview ? (
          <AnnouncementPreview announcement={preview} onClose={() => setPreview(null)} />
        ) : (
          latestUnread && ownTurn && <AnnouncementPreview announcement={latestUnread} onClose={() => setLatestUnread(null)} />
        )}
        {incident && <IncidentDialog id={incident} onClose={() => setIncident(null)} />}
      </Suspense>
    </>
  );
}
