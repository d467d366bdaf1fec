import { useEffect, useState } from 'react';
import axios from 'axios';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaptchaResponse, TokenResponse } from '@wb/contracts/auth';
import { DEFAULT_TENANT_ID, TENANT_HEADER } from '@wb/contracts/constants';
import { BASIC_AUTHORIZATION, get } from '../request';
import { session } from '../session';

interface LoginSettings {
  tenantMode: boolean;
  captchaEnabled: boolean;
  defaultTenantId: string;
}

interface Values {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
}

/** The token call answers raw OAuth bodies, not the envelope: a plain axios call. */
const raw = axios.create({ validateStatus: () => true, timeout: 30_000 });

/**
 * Standalone only (outside the shell): the shell's login call (POST
 * /us-auth/oauth/token, credentials in the query, client Basic header), so a
 * developer can work on this app alone.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<LoginSettings>({ tenantMode: false, captchaEnabled: false, defaultTenantId: DEFAULT_TENANT_ID });
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const loadCaptcha = async () => {
    const res = await raw.get<CaptchaResponse>('/us-auth/oauth/captcha', { baseURL: session.apiBase() });
    if (res.status < 300) setCaptcha(res.data);
  };

  useEffect(() => {
    get<LoginSettings>('/us-auth/oauth/login-settings')
      .then((s) => {
        setSettings(s);
        if (s.captchaEnabled) void loadCaptcha();
      })
      .catch(() => undefined);
  }, []);

  const submit = async (values: Values) => {
    setBusy(true);
    setError('');
    const tenantId = (settings.tenantMode ? values.tenantId : settings.defaultTenantId) || DEFAULT_TENANT_ID;
    const headers: Record<string, string> = { Authorization: BASIC_AUTHORIZATION, [TENANT_HEADER]: tenantId };
    if (captcha && values.code) {
      headers['Captcha-Key'] = captcha.key;
      headers['Captcha-Code'] = values.code;
    }
    try {
      const res = await raw.post<TokenResponse & { error_description?: string; msg?: string }>('/us-auth/oauth/token', undefined, {
        baseURL: session.apiBase(),
        headers,
        params: { tenantId, username: values.username, password: values.password, grant_type: 'password', scope: 'all', type: 'account' },
      });
      if (res.data?.access_token) {
        session.login(res.data, tenantId);
        return;
      }
      setError(res.data?.error_description || res.data?.msg || t('login.failed'));
      if (settings.captchaEnabled) void loadCaptcha();
    } catch {
      setError(t('request.network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f5f5' }}>
      <Card style={{ width: 380 }} className="coredata-login">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.hint')}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form<Values> name="login" layout="vertical" initialValues={{ tenantId: DEFAULT_TENANT_ID }} onFinish={(v) => void submit(v)} requiredMark={false}>
          {settings.tenantMode && (
            <Form.Item name="tenantId" label={t('login.tenantId')} rules={[{ required: true, message: t('login.tenantRequired') }]}>
              <Input prefix={<TeamOutlined />} />
            </Form.Item>
          )}
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {settings.captchaEnabled && (
            <Form.Item label={t('login.captcha')} required>
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
                  <Input prefix={<SafetyOutlined />} />
                </Form.Item>
                {captcha && <img src={captcha.image} alt={t('login.captcha')} style={{ height: 32, cursor: 'pointer' }} onClick={() => void loadCaptcha()} />}
              </div>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
