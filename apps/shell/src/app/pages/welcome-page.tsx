import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session-store';

/** /wel/index, the workbench home and fixed first tab. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const name = user?.real_name || user?.nick_name || user?.user_name || user?.account || '';
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('page.welcome', { name })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.welcomeDesc')}</Typography.Paragraph>
      <Descriptions
        column={3}
        items={[
          { key: 'tenant', label: t('page.tenant'), children: user?.tenant_id || '-' },
          { key: 'role', label: t('page.role'), children: user?.role_name || '-' },
        ]}
      />
    </Card>
  );
}
