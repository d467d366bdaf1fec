import { AppstoreOutlined, FileOutlined } from '@ant-design/icons';
import { ICONS } from '../../shared/ui/icons';

/** A menu's icon by its `source`; an unknown name falls back to a branch or page icon. */
export function MenuIcon({ source, branch }: { source?: string; branch: boolean }) {
  const Icon = ICONS.get(source?.trim() ?? '') ?? (branch ? AppstoreOutlined : FileOutlined);
  return <Icon />;
}
