import { Button, Tooltip } from 'antd';
import { CloseCircleFilled, LoadingOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { indicatorView, useExportIndicator } from './export-state';
import './micro-apps-texts';
import './micro-apps.css';

/**
 * The export/import indicator of the top bar: an idle icon,
 * a spinner while an export or import runs, a green full circle when it
 * finished, a red cross when it failed. It opens the download / upload drawer.
 */
export function ExportIndicator({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const view = indicatorView(useExportIndicator((s) => s.state));
  const label = t(view.labelKey);
  return (
    <Tooltip title={label}>
      <Button type="text" className="wb-header__action" onClick={onOpen} aria-label={t('downloads.open')}>
        <span className="wb-export-indicator" data-state={view.state} role="status" aria-label={label}>
          {view.icon === 'spinner' && <LoadingOutlined spin />}
          {view.icon === 'green-circle' && <span className="wb-export-indicator__dot" />}
          {view.icon === 'failed' && <CloseCircleFilled />}
          {view.icon === 'idle' && <SwapOutlined />}
        </span>
      </Button>
    </Tooltip>
  );
}
