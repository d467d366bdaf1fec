import { Badge, Button, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from './error-log-store';

/** Header badge of the local error log, at most 99 shown; hidden while the log is empty. */
export function ErrorLogBadge({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const count = useErrorLog((s) => s.logs.length);
  if (!count) return null;
  return (
    <Tooltip title={t('header.errorLog')}>
      <Badge count={count} overflowCount={99} size="small" offset={[-6, 6]} className="wb-error-badge">
        <Button type="text" className="wb-header__action" icon={<BugOutlined />} aria-label={t('header.errorLog')} onClick={onOpen} />
      </Badge>
    </Tooltip>
  );
}
