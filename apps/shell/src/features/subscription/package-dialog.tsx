import { Button, Descriptions, Empty, Modal, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../../shared/i18n/shell-texts';
import { useSession } from '../../shared/session-store';
import { useProject } from '../project-picker/project-store';
import { fetchPackages, targetOf } from './api/subscription';
import { countText, scopeText, systemsText, typeText } from './package-format';

/** 我的套餐 (shell spec §2 'Dialogs', §3): the package in effect for the picked project, -1 counts as 不限. */
export default function PackageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const target = targetOf(useProject((s) => s.current));
  const account = useSession((s) => s.userInfo?.account);
  const packages = useQuery({
    queryKey: ['subscription', 'packages', target?.companyId, target?.projectId],
    queryFn: () => fetchPackages(target!, account),
    enabled: !!target,
    staleTime: 0,
  });
  const pkg = packages.data?.[0];
  return (
    <Modal
      open
      title={t('subscription.title')}
      width={560}
      className="wb-package-dialog"
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('subscription.close')}</Button>}
    >
      {!target ? (
        <Empty description={t('subscription.noProject')} />
      ) : packages.isPending ? (
        <Spin />
      ) : !pkg ? (
        <Empty description={t('subscription.none')} />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          styles={{ label: { width: 120 } }}
          items={[
            { key: 'packageName', label: t('subscription.packageName'), children: pkg.packageName },
            { key: 'scope', label: t('subscription.scope'), children: scopeText(pkg, t) },
            { key: 'type', label: t('subscription.type'), children: typeText(pkg.type, t) },
            { key: 'level', label: t('subscription.level'), children: pkg.level || '-' },
            { key: 'accountNum', label: t('subscription.accountNum'), children: countText(pkg.accountNum, t) },
            { key: 'userNum', label: t('subscription.userNum'), children: countText(pkg.userNum, t) },
            { key: 'deviceNum', label: t('subscription.deviceNum'), children: countText(pkg.deviceNum, t) },
            { key: 'systemAccess', label: t('subscription.systemAccess'), children: systemsText(pkg, t) },
            { key: 'startDate', label: t('subscription.startDate'), children: pkg.startDate },
            {
              key: 'endDate',
              label: t('subscription.endDate'),
              children: (
                <>
                  {pkg.endDate} {pkg.expired && <Tag color="error">{t('subscription.expired')}</Tag>}
                </>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
