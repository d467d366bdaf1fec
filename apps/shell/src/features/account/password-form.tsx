import { Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MESSAGES, passwordChangeError, passwordErrorField } from '@wb/contracts/validation';
import { localLogout } from '../../shared/local-logout';
import { http } from '../../shared/request';
import { updatePassword, type PasswordChange } from './api/update-password';

/**
 * Change password: the Done button is active only when all three
 * fields are filled; the rules are checked in passwordChangeError's order and the first
 * broken one is shown under the field it is about, in the user's language; the server's message is shown when it refuses
 * ('原密码不正确'); success says '修改密码成功!' and logs out.
 */
export function PasswordForm({ onDone, onCancel, footer = 'inline' }: { onDone?: () => void; onCancel?: () => void; footer?: 'inline' | 'modal' }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordChange>();
  const values = Form.useWatch([], form) as Partial<PasswordChange> | undefined;
  const filled = !!(values?.oldPassword && values?.newPassword && values?.newPassword1);

  const change = useMutation({
    mutationFn: updatePassword,
    onSuccess: async (res) => {
      onDone?.();
      try {
        await http.get('/us-auth/oauth/logout', undefined, { silent: true });
      } catch {
        // The old session ends locally either way.
      }
      // the login page says it: logging out loads it in place of the shell
      localLogout({ notice: { kind: 'success', text: res.msg || PASSWORD_MESSAGES.changed } });
    },
  });

  const submit = (body: PasswordChange) => {
    const rule = passwordChangeError(body.oldPassword, body.newPassword, body.newPassword1);
    if (rule) {
      const key = Object.entries(PASSWORD_MESSAGES).find(([, text]) => text === rule)?.[0];
      form.setFields([{ name: passwordErrorField(rule), errors: [key ? t(`password.${key}`, { defaultValue: rule }) : rule] }]);
      return;
    }
    change.mutate(body);
  };

  return (
    <Form<PasswordChange> form={form} name="password" layout="vertical" onFinish={submit} className="wb-password-form">
      <Form.Item name="oldPassword" label={t('password.old')} required>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('password.new')} required>
        <Input.Password autoComplete="new-password" placeholder={t('password.placeholder')} />
      </Form.Item>
      <Form.Item name="newPassword1" label={t('password.repeat')} required dependencies={['newPassword']}>
        <Input.Password autoComplete="new-password" placeholder={t('password.placeholder')} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0, textAlign: footer === 'modal' ? 'right' : 'left' }}>
        {onCancel && (
          <Button style={{ marginInlineEnd: 8 }} onClick={onCancel}>
            {t('password.cancel')}
          </Button>
        )}
        <Button type="primary" htmlType="submit" disabled={!filled} loading={change.isPending}>
          {t('password.done')}
        </Button>
      </Form.Item>
    </Form>
  );
}
