import { Descriptions, Drawer, Empty, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOG_TRACE_PATH } from '@wb/contracts/resources/logs';
import { http } from '../../shared/request';
import './log-texts';

type Row = Record<string, string | number>;
interface Trace {
  api: Row[];
  errors: Row[];
  usual: Row[];
}

const pre = (text: unknown) =>
  text ? (
    <Typography.Paragraph style={{ margin: 0 }}>
      <pre style={{ maxHeight: 240, overflow: 'auto', margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{String(text)}</pre>
    </Typography.Paragraph>
  ) : (
    '-'
  );

/**
 * The log explorer (追踪): one request as every log saw it — the API log's row (who, what,
 * how long, with which parameters), the errors it caused (their stacks), and what the user's
 * shell reported about it (its error log, uploaded with the same request id).
 */
export function TraceDrawer({ requestId, onClose }: { requestId: string; onClose(): void }) {
  const { t } = useTranslation();
  const trace = useQuery({ queryKey: ['log-trace', requestId], queryFn: () => http.get<Trace>(LOG_TRACE_PATH, { requestId }) });
  const data = trace.data;
  return (
    <Drawer open width={760} title={`${t('logTrace.title')} ${requestId}`} onClose={onClose} destroyOnHidden>
      {trace.isError ? (
        // the request client has said why (no right to the logs, a bad id)
        <Empty description={t('logTrace.noRequest')} />
      ) : !data ? (
        <Spin />
      ) : (
        <>
          <Typography.Title level={5}>{t('logTrace.request')}</Typography.Title>
          {data.api.length === 0 && <Empty description={t('logTrace.noRequest')} />}
          {data.api.map((a) => (
            <Descriptions key={a.id} size="small" bordered column={2} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('logTrace.time')}>{a.createTime}</Descriptions.Item>
              <Descriptions.Item label={t('logTrace.user')}>{a.account || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('logTrace.call')} span={2}>
                {a.method} {a.requestUri}
              </Descriptions.Item>
              <Descriptions.Item label={t('logTrace.status')}>
                <Tag color={Number(a.status) >= 500 ? 'red' : Number(a.status) >= 400 ? 'orange' : 'green'}>{a.status}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('logTrace.duration')}>{a.durationMs} ms</Descriptions.Item>
              <Descriptions.Item label={t('logTrace.address')}>{a.remoteIp}</Descriptions.Item>
              <Descriptions.Item label={t('logTrace.browser')}>{a.userAgent}</Descriptions.Item>
              <Descriptions.Item label={t('logTrace.params')} span={2}>
                {pre(a.params)}
              </Descriptions.Item>
            </Descriptions>
          ))}
          <Typography.Title level={5}>{t('logTrace.errors')}</Typography.Title>
          {data.errors.length === 0 && <Empty description={t('logTrace.noErrors')} />}
          {data.errors.map((e) => (
            <Descriptions key={e.id} size="small" bordered column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('logTrace.message')}>{e.message}</Descriptions.Item>
              <Descriptions.Item label={t('logTrace.fingerprint')}>{e.fingerprint}</Descriptions.Item>
              <Descriptions.Item label={t('logTrace.stack')}>{pre(e.stack)}</Descriptions.Item>
            </Descriptions>
          ))}
          <Typography.Title level={5}>{t('logTrace.shell')}</Typography.Title>
          {data.usual.length === 0 && <Empty description={t('logTrace.noShell')} />}
          {data.usual.map((u) => (
            <Descriptions key={u.id} size="small" bordered column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('logTrace.time')}>{u.createTime}</Descriptions.Item>
              <Descriptions.Item label={t('logTrace.user')}>{u.createBy}</Descriptions.Item>
              <Descriptions.Item label={t('logTrace.page')}>{u.requestUri}</Descriptions.Item>
              <Descriptions.Item label={t('logTrace.message')}>{u.message}</Descriptions.Item>
              {u.stack && <Descriptions.Item label={t('logTrace.stack')}>{pre(u.stack)}</Descriptions.Item>}
            </Descriptions>
          ))}
        </>
      )}
    </Drawer>
  );
}
