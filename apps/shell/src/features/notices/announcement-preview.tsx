import { useEffect } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '@wb/resource-ui/safe-html';
import { announcementHtml, markAnnouncementRead, type Announcement } from './api/notices';

/** An announcement, 1000 px wide: its rich text sanitised again as it is shown; opening it marks it read. */
export default function AnnouncementPreview({ announcement, onClose }: { announcement: Announcement; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (announcement.readStatus !== 0) return;
    void markAnnouncementRead(announcement.systemNotifyUserId)
      .catch(() => undefined)
      .then(() => queryClient.invalidateQueries({ queryKey: ['notices', 'announcements'] }));
  }, [announcement, queryClient]);
  return (
    <Modal
      open
      width={1000}
      title={announcement.title}
      onCancel={onClose}
      className="wb-announcement"
      footer={
        <Button type="primary" onClick={onClose}>
          {t('notices.close')}
        </Button>
      }
    >
      <Typography.Text type="secondary" className="wb-announcement__time">
        {announcement.createTime}
      </Typography.Text>
      <SafeHtml html={announcementHtml(announcement.content)} className="wb-announcement__body" />
    </Modal>
  );
}
