import { Typography } from 'antd';
import type { AnyResourceDef } from './resource-api';
import type { ResourceHost } from './host';

/**
 * Shows once the value the server made and answered in clear (the def's `revealOnce`: a client
 * secret), in a dialog with a copy button; closing it is the last time anyone sees it.
 */
export function revealOnce(host: ResourceHost, def: AnyResourceDef, answer: unknown): void {
  const spec = def.revealOnce;
  const value = spec && answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[spec.field] : undefined;
  if (!spec || typeof value !== 'string' || !value) return;
  const lng = host.i18n.language?.startsWith('en') ? 'en' : 'zh';
  host.feedback().modal.info({
    title: spec.label[lng],
    width: 560,
    content: (
      <div data-testid="reveal-once">
        <Typography.Paragraph code copyable={{ text: value }} style={{ wordBreak: 'break-all' }}>
          {value}
        </Typography.Paragraph>
        <Typography.Text type="warning">{spec.message[lng]}</Typography.Text>
      </div>
    ),
  });
}
