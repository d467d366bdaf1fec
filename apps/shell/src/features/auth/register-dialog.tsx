import { Alert, Form, Input, Modal } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../../shared/i18n/shell-texts';
import { feedback } from '../../shared/feedback';
import { failureText } from '../../shared/request';
import { getCaptcha } from './api/captcha';
import { registerGuest, tenantByHost, type GuestRegistration } from './api/register';
import { CaptchaField } from './captcha-field';

interface Fields extends GuestRegistration {
  confirm: string;
  code?: string;
}

export interface RegisterDialogProps {
  /** set when a third-party login found no account: the new account claims that identity */
  oauthId?: string;
  /** the login settings' tenant mode: ask for the tenant unless the host names it */
  tenantMode: boolean;
  /** the login settings' captcha mode: a registration needs the picture code too */
  captchaEnabled: boolean;
  defaultTenantId: string;
  onClose: () => void;
}

/**
 * 账号注册: tenant id, name, account, password and
 * confirmation, each with its own message. The account waits for an
 * administrator's approval: '注册申请已提交,请耐心等待管理员通过!'. Loaded lazily
 * from the login page (its own chunk, outside the /login budget).
 */
export default function RegisterDialog({ oauthId, tenantMode, captchaEnabled, defaultTenantId, onClose }: RegisterDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const hostTenant = useQuery({ queryKey: ['auth', 'host-tenant', window.location.host], queryFn: () => tenantByHost(window.location.host), staleTime: Infinity, retry: false });
  const resolved = hostTenant.data ?? undefined;
  const askTenant = tenantMode && !resolved;
  // a captcha is single use: a fresh one for every attempt, never from the cache
  const captcha = useQuery({ queryKey: ['auth', 'register-captcha'], queryFn: getCaptcha, enabled: captchaEnabled, staleTime: Infinity, gcTime: 0 });
  const refreshCaptcha = () => {
    form.setFieldValue('code', '');
    void captcha.refetch();
  };

  const submit = useMutation({
    mutationFn: ({ confirm: _confirm, code, ...values }: Fields) =>
      registerGuest(
        {
          ...values,
          tenantId: (askTenant ? values.tenantId : resolved?.tenantId || defaultTenantId).trim(),
          account: values.account.trim(),
          name: values.name?.trim() || undefined,
          oauthId: oauthId || undefined,
        },
        captchaEnabled ? { key: captcha.data?.key ?? '', code: (code ?? '').trim() } : undefined,
      ),
    onSuccess: (res) => {
      void feedback().message.success(res.msg || t('register.submitted'));
      onClose();
    },
    onError: (error: Error & { body?: unknown }) => {
      void feedback().message.error(failureText(error.body, t('register.failed')));
      if (captchaEnabled) refreshCaptcha();
    },
  });

  return (
    <Modal
      open
      title={t('register.title')}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={submit.isPending || captcha.isFetching}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      width={460}
    >
      {oauthId && <Alert type="info" showIcon message={t('register.oauthBound')} style={{ marginBottom: 16 }} />}
      {resolved && <Alert type="success" message={t('register.tenantResolved', { name: resolved.tenantName })} style={{ marginBottom: 16 }} />}
      <Form<Fields> form={form} name="register" layout="vertical" requiredMark style={{ marginTop: 16 }} onFinish={(values) => submit.mutate(values)}>
        {askTenant && (
          <Form.Item name="tenantId" label={t('register.tenantId')} rules={[{ required: true, whitespace: true, message: t('register.tenantRequired') }]}>
            <Input autoComplete="organization" maxLength={12} />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('register.name')}>
          <Input autoComplete="name" maxLength={64} />
        </Form.Item>
        <Form.Item name="account" label={t('register.account')} rules={[{ required: true, whitespace: true, message: t('register.accountRequired') }]}>
          <Input autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item name="password" label={t('register.password')} rules={[{ required: true, message: t('register.passwordRequired') }]}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('register.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('register.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('register.mismatch')))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        {captchaEnabled && (
          <CaptchaField id="register_code" name="code" label={t('login.captcha')} requiredMessage={t('login.captchaRequired')} image={captcha.data?.image} onRefresh={refreshCaptcha} />
        )}
      </Form>
    </Modal>
  );
}
