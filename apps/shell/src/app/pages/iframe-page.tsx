import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appEnv } from '../../shared/env';
import { iframeDecision } from '../../features/menu/menu-resolution';

/**
 * /myiframe/*?src=: an external page in the view. Only http(s)
 * addresses, and only the shell's own origin or an allow-listed host
 * (env.ts iframeHosts); another host is offered in a new window instead.
 */
export default function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const decision = iframeDecision(params.get('src') ?? '', window.location.origin, appEnv.iframeHosts);
  if (decision.kind === 'invalid') return <Result status="warning" title={t('page.iframeInvalid')} />;
  if (decision.kind === 'refused') {
    return (
      <Result
        status="warning"
        title={t('page.iframeRefused')}
        subTitle={t('page.iframeRefusedDesc', { host: decision.host })}
        extra={
          <Typography.Link href={decision.url} target="_blank" rel="noopener noreferrer">
            {t('common.openInNewWindow')}
          </Typography.Link>
        }
      />
    );
  }
  return <iframe className="wb-iframe" title={params.get('name') ?? decision.url} src={decision.url} />;
}
