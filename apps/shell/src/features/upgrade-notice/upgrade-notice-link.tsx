import { Badge, Button } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../shared/navigation';
import { upgradeInfoQuery } from './api/upgrade-info';
import { UPDATE_ANNOUNCEMENT_PAGE, useSeenUpgrade } from './seen-upgrade';
import './upgrade-texts';

/**
 * The version notice of the top bar: shown only while the upgrade-info parameter has a
 * picture; a dot until this browser has opened the announcement of that picture.
 */
export function UpgradeNoticeLink({ wide }: { wide: boolean }) {
  const { t } = useTranslation();
  const info = useQuery(upgradeInfoQuery).data;
  const seen = useSeenUpgrade(info?.upgradeInfoPic);
  if (!info?.upgradeInfoPic) return null;
  const label = info.title || t('upgrade.link');
  return (
    <Button type="text" className="wb-header__action wb-upgrade-link" aria-label={label} title={label} onClick={() => navigateTo(UPDATE_ANNOUNCEMENT_PAGE)}>
      <Badge dot={!seen} offset={[2, 0]}>
        <RocketOutlined />
      </Badge>
      {wide && <span className="wb-upgrade-link__text">{t('upgrade.link')}</span>}
    </Button>
  );
}
