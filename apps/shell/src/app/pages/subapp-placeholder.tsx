import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Paths under a sub-application mount prefix belong to that app. Until the wujie
 * host exists, say so instead of showing 404.
 */
export function SubAppPlaceholder({ prefix, name }: { prefix: string; name?: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={name || t('page.subappTitle')} subTitle={t('page.subappDesc', { prefix })} />;
}
