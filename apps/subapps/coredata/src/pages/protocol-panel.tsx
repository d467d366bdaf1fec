import { Button, Card, Descriptions, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUBAPP_EVENTS, type SubAppEventName } from '@wb/contracts/subapp-protocol';
import { emit, hasShell, useBridge } from '../bridge';
import { session } from '../session';
import { wujieProps } from '../wujie';

/** One button per event a sub-app may send, with a sample payload (docs/subapp-protocol.md). */
const SAMPLES: { event: SubAppEventName; payload?: unknown }[] = [
  { event: SUBAPP_EVENTS.routerChange, payload: '/system/param' },
  { event: SUBAPP_EVENTS.routerChange, payload: { path: '/system/param', query: { from: 'coredata' } } },
  { event: SUBAPP_EVENTS.routerChange, payload: -1 },
  // not a path: the shell answers 'please provide the base.routerChange event parameter'
  { event: SUBAPP_EVENTS.routerChange, payload: {} },
  { event: SUBAPP_EVENTS.toggleMenu },
  { event: SUBAPP_EVENTS.fullScreen, payload: true },
  { event: SUBAPP_EVENTS.fullScreen, payload: false },
  { event: SUBAPP_EVENTS.hideProjectFilter, payload: true },
  { event: SUBAPP_EVENTS.hideProjectFilter, payload: false },
  { event: SUBAPP_EVENTS.hideSidebar, payload: true },
  { event: SUBAPP_EVENTS.hideSidebar, payload: false },
  { event: SUBAPP_EVENTS.exportState, payload: 'processing' },
  { event: SUBAPP_EVENTS.exportState, payload: 'success' },
  { event: SUBAPP_EVENTS.exportState, payload: 'fail' },
  { event: SUBAPP_EVENTS.exportState, payload: 'default' },
  { event: SUBAPP_EVENTS.logout },
];

const label = (event: string, payload: unknown) => (payload === undefined ? event : `${event} ${JSON.stringify(payload)}`);

/** Shows what the shell handed over and lets a person (or a test) send every event. */
export function ProtocolPanel() {
  const { t } = useTranslation();
  const project = useBridge((s) => s.project);
  const log = useBridge((s) => s.log);
  const locale = useBridge((s) => s.locale);
  const props = wujieProps();
  const user = session.user();
  const send = emit as (event: SubAppEventName, payload?: unknown) => void;

  return (
    <Card className="coredata-protocol" title={t('protocol.title')} extra={<Tag color={hasShell() ? 'green' : 'default'}>{hasShell() ? t('app.inShell') : t('app.standalone')}</Tag>}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} title={t('protocol.props')}>
        <Descriptions.Item label={t('protocol.tenant')}>
          <span className="protocol-tenant">{session.tenantId()}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('protocol.user')}>
          <span className="protocol-user">{user ? `${user.userName || user.account} (${user.account})` : '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('protocol.locale')}>
          <span className="protocol-locale">{locale ?? props.locale ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('protocol.theme')}>{props.theme ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('overview.project')}>
          <span className="protocol-project">{project?.name ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('protocol.apiBase')}>{session.apiBase() || '(same origin)'}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('protocol.send')}</Typography.Title>
      {!hasShell() && <Typography.Paragraph type="secondary">{t('protocol.noShell')}</Typography.Paragraph>}
      <Space wrap className="protocol-buttons">
        {SAMPLES.map(({ event, payload }) => {
          const text = label(event, payload);
          return (
            <Button key={text} size="small" data-event={event} onClick={() => send(event, payload)}>
              {text}
            </Button>
          );
        })}
      </Space>
      <Typography.Title level={5}>{t('protocol.log')}</Typography.Title>
      {log.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('protocol.empty')} />
      ) : (
        <List
          className="protocol-log"
          size="small"
          dataSource={log}
          renderItem={(entry) => (
            <List.Item>
              <Tag color={entry.direction === 'in' ? 'blue' : 'orange'}>{entry.direction === 'in' ? '←' : '→'}</Tag>
              <code>{label(entry.event, entry.payload)}</code>
              <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
                {new Date(entry.at).toLocaleTimeString()}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
