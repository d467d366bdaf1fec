import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A menu entry with no page in the shell yet: name the service that provides it. */
export function VirtualPage({ service, name }: { service: string; name: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={name || t('page.virtualTitle')} subTitle={t('page.virtualDesc', { service })} />;
}
