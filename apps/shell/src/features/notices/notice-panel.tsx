import type { KeyboardEvent } from 'react';
import { Empty, List, Tabs, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../shared/navigation';
import { INCIDENT_PARAM } from '@wb/contracts/resources/incident';
import { markReminderRead, type Announcement, type Reminder } from './api/notices';

/** The incident a reminder's link names (`?incidentId=`), if any. */
export const incidentOf = (url: string): string | null => new URL(url, 'http://x').searchParams.get(INCIDENT_PARAM);

interface Props {
  announcements: Announcement[];
  reminders: Reminder[];
  onAnnouncement(a: Announcement): void;
  onReminder(): void;
  /** a reminder about an incident: the incident is shown, not its page */
  onIncident(id: string): void;
}

/** A list item that acts as a button: reached by Tab, pressed with Enter or Space. */
const pressable = (act: () => void) => ({
  role: 'button',
  tabIndex: 0,
  onClick: act,
  onKeyDown: (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    act();
  },
});

/** The popover's two tabs: 系统公告 (an item opens the preview) and 督办提醒 with the latest count (an item is marked read and opens its link). */
export default function NoticePanel({ announcements, reminders, onAnnouncement, onReminder, onIncident }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />;
  const openReminder = async (r: Reminder) => {
    onReminder();
    if (r.readStatus === 0) await markReminderRead(r.id).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: ['notices', 'reminders'] });
    const incident = incidentOf(r.url);
    if (incident) onIncident(incident);
    else if (r.url) navigateTo(r.url);
  };
  return (
    <Tabs
      className="wb-notices"
      size="small"
      items={[
        {
          key: 'announcements',
          label: t('notices.announcements'),
          children: (
            <List
              className="wb-notices__list"
              dataSource={announcements}
              locale={{ emptyText: empty }}
              renderItem={(a) => (
                <List.Item className={`wb-notices__item${a.readStatus === 0 ? ' wb-notices__item--unread' : ''}`} {...pressable(() => onAnnouncement(a))}>
                  <List.Item.Meta title={a.title} description={a.createTime} />
                </List.Item>
              )}
            />
          ),
        },
        {
          key: 'reminders',
          label: t('notices.remindersCount', { count: reminders.length }),
          children: (
            <List
              className="wb-notices__list"
              dataSource={reminders}
              locale={{ emptyText: empty }}
              renderItem={(r) => (
                <List.Item className={`wb-notices__item${r.readStatus === 0 ? ' wb-notices__item--unread' : ''}`} {...pressable(() => void openReminder(r))}>
                  <List.Item.Meta
                    title={r.content}
                    description={
                      <Typography.Text type="secondary">
                        {r.modelName ? `${r.modelName} · ` : ''}
                        {r.createTime}
                      </Typography.Text>
                    }
                  />
                </List.Item>
              )}
            />
          ),
        },
      ]}
    />
  );
}
