import type { ComponentType } from 'react';
import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CarOutlined,
  CloudOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileSearchOutlined,
  GiftOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LinkOutlined,
  MenuOutlined,
  NotificationOutlined,
  ReadOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';

/**
 * A menu's `source` names its icon (antd's kebab-case names, as the seed and
 * the menu editor use them). Only these are bundled: importing every icon would
 * cost ~500 KB. An unknown name falls back to a branch or page icon.
 */
const ICONS = new Map<string, ComponentType>(
  Object.entries({
    apartment: ApartmentOutlined,
    api: ApiOutlined,
    appstore: AppstoreOutlined,
    'bar-chart': BarChartOutlined,
    book: BookOutlined,
    car: CarOutlined,
    cloud: CloudOutlined,
    cluster: ClusterOutlined,
    control: ControlOutlined,
    dashboard: DashboardOutlined,
    database: DatabaseOutlined,
    environment: EnvironmentOutlined,
    'file-search': FileSearchOutlined,
    gift: GiftOutlined,
    global: GlobalOutlined,
    idcard: IdcardOutlined,
    link: LinkOutlined,
    menu: MenuOutlined,
    notification: NotificationOutlined,
    read: ReadOutlined,
    safety: SafetyOutlined,
    schedule: ScheduleOutlined,
    setting: SettingOutlined,
    team: TeamOutlined,
    tool: ToolOutlined,
    user: UserOutlined,
    'user-switch': UserSwitchOutlined,
  }),
);

export function MenuIcon({ source, branch }: { source?: string; branch: boolean }) {
  const Icon = ICONS.get(source?.trim() ?? '') ?? (branch ? AppstoreOutlined : FileOutlined);
  return <Icon />;
}
