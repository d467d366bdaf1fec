import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { passwordChangeError, phoneError } from '@wb/contracts/validation';
import '../../shared/i18n/shell-texts';
import { feedback } from '../../shared/feedback';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { getLoginSettings, loginSettingsQueryKey } from './api/login-settings';
import { AuthFrame } from './auth-frame';
import { CaptchaField } from './captcha-field';
import { LanguageToggle } from '../../shared/ui/language-toggle';
import { resetPassword, retrieveCaptcha, retrieveUserInfo, sendRetrieveSms, validateRetrieveCode } from './api/retrieve';
import './retrieve-password-page.css';

/** A new SMS code may be asked for once a minute (the server refuses sooner). */
const RESEND_SECONDS = 60;

interface Progress {
  tenantId?: string;
  account: string;
  maskedPhone: string;
  captchaKey: string;
  captchaCode: string;
  phone?: string;
  identifyCode?: string;
}

/** A picture code is single use: never served from the cache. */
function useCaptcha(use: string, enabled = true) {
  return useQuery({ queryKey: ['auth', 'retrieve-captcha', use], queryFn: retrieveCaptcha, staleTime: Infinity, gcTime: 0, enabled });
}

function CaptchaInput({ captcha, name, onRefresh }: { captcha: ReturnType<typeof useCaptcha>; name: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <CaptchaField id={`retrieve_${name}`} name={name} label={t('retrieve.captcha')} requiredMessage={t('retrieve.captchaRequired')} image={captcha.data?.image} onRefresh={onRefresh} />
  );
}

function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left]);
  return [left, () => setLeft(RESEND_SECONDS)];
}

/** Step 1: the account and the picture code (used when the SMS is sent). */
function AccountStep({ tenantMode, onNext }: { tenantMode: boolean; onNext: (p: Progress) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ tenantId?: string; account: string; captcha: string }>();
  const captcha = useCaptcha('account');
  const next = useMutation({
    mutationFn: async (values: { tenantId?: string; account: string; captcha: string }) => {
      const info = await retrieveUserInfo(values.account.trim(), values.tenantId?.trim() || undefined);
      return { values, info };
    },
    onSuccess: ({ values, info }) => {
      if (!info.phone) {
        void feedback().message.error(t('retrieve.noPhone'));
        return;
      }
      onNext({
        tenantId: values.tenantId?.trim() || undefined,
        account: info.account,
        maskedPhone: info.phone,
        captchaKey: captcha.data?.key ?? '',
        captchaCode: values.captcha.trim(),
      });
    },
  });
  return (
    <Form form={form} name="retrieve" layout="vertical" requiredMark={false} onFinish={(values) => next.mutate(values)}>
      {tenantMode && (
        <Form.Item name="tenantId" label={t('login.tenantId')} rules={[{ required: true, whitespace: true, message: t('login.tenantRequired') }]}>
          <Input maxLength={12} />
        </Form.Item>
      )}
      <Form.Item name="account" label={t('retrieve.account')} rules={[{ required: true, whitespace: true, message: t('retrieve.accountRequired') }]}>
        <Input autoComplete="username" maxLength={64} />
      </Form.Item>
      <CaptchaInput captcha={captcha} name="captcha" onRefresh={() => void captcha.refetch()} />
      <Button type="primary" htmlType="submit" block size="large" loading={next.isPending}>
        {t('common.next')}
      </Button>
    </Form>
  );
}

/** Step 2: the full phone number, the SMS code sent to it, checked for an identifyCode. */
function PhoneStep({ progress, onNext, onBack }: { progress: Progress; onNext: (p: Progress) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phone: string; code: string; captchaAgain?: string }>();
  const [left, startCountdown] = useCountdown();
  // The picture code is single use: once a send used it, a new one is typed here for the next send.
  const [captchaUsed, setCaptchaUsed] = useState(false);
  const showCaptcha = captchaUsed && left === 0;
  const captcha = useCaptcha('resend', captchaUsed);

  const send = useMutation({
    mutationFn: async () => {
      const { phone } = await form.validateFields(['phone', ...(showCaptcha ? ['captchaAgain' as const] : [])]);
      return sendRetrieveSms({
        account: progress.account,
        phone: phone.trim(),
        tenantId: progress.tenantId,
        captchaKey: captchaUsed ? (captcha.data?.key ?? '') : progress.captchaKey,
        captchaCode: captchaUsed ? String(form.getFieldValue('captchaAgain') ?? '').trim() : progress.captchaCode,
      });
    },
    onSuccess: (res) => {
      startCountdown();
      void feedback().message.success(res.msg);
    },
    onSettled: (_data, error) => {
      // A form that did not validate sent nothing and used no code.
      if (error && error.name !== 'RequestError') return;
      form.setFieldValue('captchaAgain', '');
      if (captchaUsed) void captcha.refetch();
      else setCaptchaUsed(true);
    },
  });

  const check = useMutation({
    mutationFn: (values: { phone: string; code: string }) => validateRetrieveCode(values.phone.trim(), values.code.trim()),
    onSuccess: (data, values) => onNext({ ...progress, phone: values.phone.trim(), identifyCode: data.identifyCode }),
  });

  return (
    <Form form={form} name="retrieve-phone" layout="vertical" requiredMark={false} onFinish={(values) => check.mutate(values)}>
      <Alert type="info" showIcon message={t('retrieve.boundPhone', { phone: progress.maskedPhone })} style={{ marginBottom: 16 }} />
      <Form.Item
        name="phone"
        label={t('retrieve.phone')}
        rules={[{ validator: (_r, value: string | undefined) => (phoneError(value?.trim()) ? Promise.reject(new Error(phoneError(value?.trim())!)) : Promise.resolve()) }]}
        validateTrigger="onBlur"
      >
        <Input maxLength={11} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      {showCaptcha && <CaptchaInput captcha={captcha} name="captchaAgain" onRefresh={() => void captcha.refetch()} />}
      <Form.Item label={t('retrieve.code')} required htmlFor="retrieve_code">
        <div className="login-captcha">
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: t('retrieve.codeRequired') },
              { pattern: /^\d{6}$/, message: t('retrieve.codeFormat') },
            ]}
          >
            <Input id="retrieve_code" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
          <Button className="retrieve-send" disabled={left > 0} loading={send.isPending} onClick={() => send.mutate()}>
            {left > 0 ? t('retrieve.resend', { seconds: left }) : t('retrieve.send')}
          </Button>
        </div>
      </Form.Item>
      <div className="retrieve-actions">
        <Button onClick={onBack}>{t('common.prev')}</Button>
        <Button type="primary" htmlType="submit" loading={check.isPending}>
          {t('common.next')}
        </Button>
      </div>
    </Form>
  );
}

/** Step 3: the new password twice, with the change-password rules (passwordChangeError) in their order. */
function PasswordStep({ progress, onDone }: { progress: Progress; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ newPassword: string; newPassword1: string }>();
  const reset = useMutation({
    mutationFn: (values: { newPassword: string; newPassword1: string }) => resetPassword({ ...values, identifyCode: progress.identifyCode ?? '' }),
    onSuccess: (res) => {
      void feedback().message.success(res.msg);
      onDone();
    },
  });
  return (
    <Form
      form={form}
      name="retrieve-password"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => {
        const rule = passwordChangeError('', values.newPassword ?? '', values.newPassword1 ?? '');
        if (rule) void feedback().message.error(rule);
        else reset.mutate(values);
      }}
    >
      <Form.Item name="newPassword" label={t('retrieve.newPassword')}>
        <Input.Password autoComplete="new-password" placeholder={t('password.placeholder')} />
      </Form.Item>
      <Form.Item name="newPassword1" label={t('retrieve.repeat')}>
        <Input.Password autoComplete="new-password" placeholder={t('password.placeholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {t('common.done')}
      </Button>
    </Form>
  );
}

/**
 * /forgot-password (not needing auth): account + picture code → masked phone →
 * SMS code → identifyCode → new password twice.
 */
export default function RetrievePasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('retrieve.title'));
  const navigate = useNavigate();
  const settings = useQuery({ queryKey: loginSettingsQueryKey, queryFn: getLoginSettings, staleTime: 5 * 60_000 });
  const [step, setStep] = useState(0);
  const [progress, setProgress] = useState<Progress | null>(null);

  return (
    <AuthFrame title={t('retrieve.title')} className="retrieve-card" language={<LanguageToggle />}>
      <Steps
        size="small"
        current={step}
        className="retrieve-steps"
        items={[{ title: t('retrieve.stepAccount') }, { title: t('retrieve.stepPhone') }, { title: t('retrieve.stepPassword') }, { title: t('retrieve.stepDone') }]}
      />
      {step === 0 && (
        <AccountStep
          tenantMode={settings.data?.tenantMode === true}
          onNext={(p) => {
            setProgress(p);
            setStep(1);
          }}
        />
      )}
      {step === 1 && progress && (
        <PhoneStep
          progress={progress}
          onBack={() => setStep(0)}
          onNext={(p) => {
            setProgress(p);
            setStep(2);
          }}
        />
      )}
      {step === 2 && progress && <PasswordStep progress={progress} onDone={() => setStep(3)} />}
      {step === 3 && (
        <Result
          status="success"
          title={t('retrieve.done')}
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              {t('retrieve.toLogin')}
            </Button>
          }
        />
      )}
      {step < 3 && (
        <div className="retrieve-footer">
          <Link to="/login">{t('retrieve.toLogin')}</Link>
        </div>
      )}
    </AuthFrame>
  );
}
