import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** /wel/dashboard: the console, reachable by address only (hidden from the menu). */
export default function DashboardPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.dashboard')}>
      <Empty description={t('page.dashboardDesc')} />
    </Card>
  );
}
