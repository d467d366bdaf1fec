import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { smsResource } from '@wb/contracts/resources/sms';
import { smsOutboxResource } from '@wb/contracts/resources/sms-outbox';
import { ResourcePage } from '@wb/resource-ui/resource-page';
import { ShellResourceHost } from '../shell-resource-host';
import './resource-texts';

/** /resource/sms: the providers (enable one, send a message) and every message sent, by any of them or the outbox. */
export default function SmsPage() {
  const { t } = useTranslation();
  return (
    <ShellResourceHost>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'configs', label: t('resourceCenter.smsConfigs'), children: <ResourcePage def={smsResource} /> },
          { key: 'sent', label: t('resourceCenter.smsSent'), children: <ResourcePage def={smsOutboxResource} /> },
        ]}
      />
    </ShellResourceHost>
  );
}
