import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { embeddableUrl } from '../../features/menu/menu-resolution';

/** /myiframe/*?src=: an external page in the view; only http(s) addresses are embedded. */
export default function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const src = embeddableUrl(params.get('src') ?? '', window.location.origin);
  if (!src) return <Result status="warning" title={t('page.iframeInvalid')} />;
  return <iframe className="wb-iframe" title={params.get('name') ?? src} src={src} />;
}
