import { lazy, Suspense, useState } from 'react';
import { Badge, Card, Segmented, Table, Tabs } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@wb/contracts/constants';
import type { Page } from '@wb/contracts/envelope';
import { READ_STATUS } from '@wb/contracts/message-center';
import { navigateTo } from '../../shared/navigation';
import { markReminderRead, type Announcement, type Reminder } from '../notices/api/notices';
import { incidentOf } from '../notices/notice-panel';
import { pageAnnouncements, pageReminders, type ReadFilter } from './api';
import './message-center-texts';

const AnnouncementPreview = lazy(() => import('../notices/announcement-preview'));
const IncidentDialog = lazy(() => import('../notices/incident-dialog'));

type Kind = 'announcements' | 'reminders';

/** 全部 / 未读 / 已读 as the segmented control's values ('all' is no filter). */
const FILTERS = ['all', 'unread', 'read'] as const;
const readStatusOf = (f: (typeof FILTERS)[number]): ReadFilter => (f === 'all' ? undefined : f === 'unread' ? READ_STATUS.unread : READ_STATUS.read);

/** One tab: its list paged on the server and filtered by read status; the bell's cache is refreshed after a read. */
function MessageList({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [preview, setPreview] = useState<Announcement | null>(null);
  const [incident, setIncident] = useState<string | null>(null);
  const readStatus = readStatusOf(filter);
  const key = ['message-center', kind, filter, paging.current, paging.size];
  const list = useQuery<Page<Announcement | Reminder>>({
    queryKey: key,
    queryFn: (): Promise<Page<Announcement | Reminder>> =>
      kind === 'announcements' ? pageAnnouncements(paging.current, paging.size, readStatus) : pageReminders(paging.current, paging.size, readStatus),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  // what was read here is read in the bell too, and the other filters' pages change
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['message-center'] });
    void client.invalidateQueries({ queryKey: ['notices'] });
  };
  const openReminder = async (r: Reminder) => {
    if (r.readStatus === READ_STATUS.unread) await markReminderRead(r.id).catch(() => undefined);
    refresh();
    const id = incidentOf(r.url);
    if (id) setIncident(id);
    else if (r.url) navigateTo(r.url);
  };
  const status = (readStatus: number) =>
    readStatus === READ_STATUS.unread ? <Badge status="processing" text={t('messageCenter.unread')} /> : <Badge status="default" text={t('messageCenter.read')} />;

  const common = {
    size: 'middle' as const,
    loading: list.isFetching,
    pagination: {
      current: paging.current,
      pageSize: paging.size,
      total: list.data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES.map(String),
      onChange: (current: number, size: number) => setPaging({ current, size }),
    },
    scroll: { x: 'max-content' },
  };

  return (
    <>
      <Segmented
        className="wb-message-center__filter"
        style={{ marginBottom: 12 }}
        value={filter}
        onChange={(v) => {
          setFilter(v as (typeof FILTERS)[number]);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
        options={FILTERS.map((f) => ({ value: f, label: t(`messageCenter.${f}`) }))}
      />
      {kind === 'announcements' ? (
        <Table<Announcement>
          {...common}
          className="wb-message-center__table"
          rowKey="systemNotifyUserId"
          dataSource={(list.data?.records as Announcement[] | undefined) ?? []}
          columns={[
            { title: t('messageCenter.status'), dataIndex: 'readStatus', width: 100, render: status },
            { title: t('messageCenter.subject'), dataIndex: 'title', render: (title: string, a) => <a onClick={() => setPreview(a)}>{title}</a> },
            { title: t('messageCenter.time'), dataIndex: 'createTime', width: 180 },
          ]}
        />
      ) : (
        <Table<Reminder>
          {...common}
          className="wb-message-center__table"
          rowKey="id"
          dataSource={(list.data?.records as Reminder[] | undefined) ?? []}
          columns={[
            { title: t('messageCenter.status'), dataIndex: 'readStatus', width: 100, render: status },
            { title: t('messageCenter.content'), dataIndex: 'content', render: (content: string, r) => <a onClick={() => void openReminder(r)}>{content}</a> },
            { title: t('messageCenter.source'), dataIndex: 'modelName', width: 140 },
            { title: t('messageCenter.time'), dataIndex: 'createTime', width: 180 },
          ]}
        />
      )}
      <Suspense fallback={null}>
        {preview && (
          <AnnouncementPreview
            announcement={preview}
            onClose={() => {
              setPreview(null);
              refresh();
            }}
          />
        )}
        {incident && <IncidentDialog id={incident} onClose={() => setIncident(null)} />}
      </Suspense>
    </>
  );
}

/**
 * 消息中心: every announcement and reminder of the user (the bell shows the latest hundred), each
 * list with 全部 / 未读 / 已读. Opening one marks it read, here and in the bell.
 */
export default function MessageCenterPage() {
  const { t } = useTranslation();
  return (
    <Card className="wb-message-center" title={t('messageCenter.title')}>
      <Tabs
        items={(['announcements', 'reminders'] as const).map((kind) => ({
          key: kind,
          label: t(`messageCenter.${kind}`),
          children: <MessageList kind={kind} />,
        }))}
      />
    </Card>
  );
}
