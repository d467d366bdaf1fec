import { Typography } from 'antd';
import { CheckCircleTwoTone, CloseCircleTwoTone, InfoCircleTwoTone } from '@ant-design/icons';
import type { ActionReport } from '@wb/contracts/resource';
import type { ResourceHost } from './host';

function isReport(answer: unknown): answer is ActionReport {
  return !!answer && typeof answer === 'object' && Array.isArray((answer as ActionReport).items) && typeof (answer as ActionReport).summary === 'string';
}

const mark = (ok: boolean | undefined) =>
  ok === undefined ? <InfoCircleTwoTone /> : ok ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <CloseCircleTwoTone twoToneColor="#ff4d4f" />;

/** Shows what a checking action found (ActionDef.report): its summary, then each finding marked passed, failed or for information. */
export function showReport(host: ResourceHost, answer: unknown): void {
  if (!isReport(answer)) return;
  host.feedback().modal.info({
    title: answer.summary,
    width: 720,
    icon: mark(answer.ok),
    content: (
      <ul data-testid="action-report" data-ok={String(answer.ok)} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {answer.items.map((item, i) => (
          <li key={i} data-ok={item.ok === undefined ? undefined : String(item.ok)} style={{ display: 'flex', gap: 8, padding: '2px 0' }}>
            {mark(item.ok)}
            <Typography.Text strong style={{ flex: 'none', minWidth: 96 }}>
              {item.label}
            </Typography.Text>
            <Typography.Text type={item.ok === false ? 'danger' : undefined} style={{ wordBreak: 'break-all' }}>
              {item.value}
            </Typography.Text>
          </li>
        ))}
      </ul>
    ),
  });
}
