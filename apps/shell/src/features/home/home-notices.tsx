import { lazy, Suspense, useState } from 'react';
import { Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session-store';
import { useProject } from '../project-picker/project-store';
import { announcementsQuery, remindersQuery, type Announcement } from '../notices/api/notices';
import './home-texts';

const NoticePanel = lazy(() => import('../notices/notice-panel'));
const AnnouncementPreview = lazy(() => import('../notices/announcement-preview'));
const IncidentDialog = lazy(() => import('../notices/incident-dialog'));

/** The user's announcements and reminders, the bell's lists (one cache with it). */
export function HomeNotices() {
  const { t } = useTranslation();
  const projectId = useProject((s) => s.current.id);
  const userCode = useSession((s) => s.userInfo?.account);
  const announcements = useQuery(announcementsQuery(projectId, userCode));
  const reminders = useQuery(remindersQuery(projectId, userCode));
  const [preview, setPreview] = useState<Announcement | null>(null);
  const [incident, setIncident] = useState<string | null>(null);
  return (
    <Card title={t('home.notices')} className="wb-home-notices" styles={{ body: { paddingTop: 0 } }}>
      <Suspense fallback={null}>
        <NoticePanel
          announcements={announcements.data?.records ?? []}
          reminders={reminders.data?.records ?? []}
          onAnnouncement={setPreview}
          onReminder={() => undefined}
          onIncident={setIncident}
        />
        {preview && <AnnouncementPreview announcement={preview} onClose={() => setPreview(null)} />}
        {incident && <IncidentDialog id={incident} onClose={() => setIncident(null)} />}
      </Suspense>
    </Card>
  );
}
