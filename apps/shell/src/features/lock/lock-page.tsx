import { useEffect, useState } from 'react';
import { Avatar, Button, Form, Input, Typography, theme } from 'antd';
import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../../shared/i18n/shell-texts';
import { localLogout } from '../../shared/local-logout';
import { useSession } from '../../shared/session-store';
import { ThemeScope } from '../../shared/theme/theme-scope';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { canUnlock, unlockTarget } from './lock-rules';
import './lock-page.css';

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

function LockScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const [form] = Form.useForm<{ password: string }>();
  const now = useClock();
  const { token } = theme.useToken();
  usePageTitle(t('lock.title'));
  const name = user?.real_name || user?.nick_name || user?.user_name || user?.account || '';

  const unlock = ({ password }: { password: string }) => {
    const { lockPasswd, lockFrom, setLock } = useSession.getState();
    if (!canUnlock(password, lockPasswd)) {
      // said under the field, as the lock document says it (lock-document-page.tsx)
      form.setFields([{ name: 'password', value: '', errors: [t('lock.wrongPassword')] }]);
      return;
    }
    // The password stays for this login, so the idle auto-lock can lock again.
    setLock(false, lockPasswd, undefined);
    navigate(unlockTarget(lockFrom), { replace: true });
  };

  return (
    <div className="wb-lock">
      <div className="wb-lock__clock" aria-hidden="true">
        {pad(now.getHours())}:{pad(now.getMinutes())}
        <div className="wb-lock__date">{now.toLocaleDateString(i18n.language === 'en' ? 'en-US' : 'zh-CN', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' })}</div>
      </div>
      <section className="wb-lock__card" aria-label={t('lock.title')} style={{ background: token.colorBgElevated }}>
        <Avatar size={72} src={user?.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Title level={4} className="wb-lock__name">
          {name}
        </Typography.Title>
        <Typography.Text type="secondary">
          <LockOutlined /> {t('lock.title')}
        </Typography.Text>
        <Form form={form} name="unlock" className="wb-lock__form" onFinish={unlock}>
          <Form.Item name="password" rules={[{ required: true, message: t('lock.passwordRequired') }]}>
            <Input.Password autoFocus placeholder={t('lock.unlockPlaceholder')} aria-label={t('lock.password')} autoComplete="off" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block icon={<UnlockOutlined />}>
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button type="link" onClick={() => localLogout()}>
          {t('lock.logoutInstead')}
        </Button>
      </section>
    </div>
  );
}

/** /lock: every route leads here while locked; the right password returns to where the user was. */
export default function LockPage() {
  return (
    <ThemeScope>
      <LockScreen />
    </ThemeScope>
  );
}
