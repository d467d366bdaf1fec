import { useEffect } from 'react';
import { Card, Empty, Image, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appEnv } from '../../shared/env';
import { resourceUrl } from '../../shared/resource-url';
import { upgradeInfoQuery } from './api/upgrade-info';
import { markUpgradeSeen } from './seen-upgrade';
import './upgrade-texts';

/** /updateAnnouncement: the update announcement of the upgrade-info parameter, its title over its picture. */
export default function UpdateAnnouncementPage() {
  const { t } = useTranslation();
  const info = useQuery(upgradeInfoQuery);
  const picture = info.data?.upgradeInfoPic;
  useEffect(() => {
    if (picture) markUpgradeSeen(picture);
  }, [picture]);
  return (
    <Card title={info.data?.title || t('upgrade.title')} className="wb-update-announcement">
      {info.isPending ? (
        <Skeleton active />
      ) : picture ? (
        <Image src={resourceUrl(picture, appEnv.apiBase)} alt={info.data?.title || t('upgrade.title')} preview={{ mask: false }} style={{ maxWidth: '100%' }} />
      ) : (
        <Empty description={t('upgrade.none')} />
      )}
    </Card>
  );
}
