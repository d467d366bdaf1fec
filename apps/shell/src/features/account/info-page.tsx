import { useEffect, useState } from 'react';
import { Avatar, Button, Card, Form, Input, Spin, Tabs, Typography, Upload } from 'antd';
import { LoadingOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { phoneError } from '@wb/contracts/validation';
import '../../shared/i18n/shell-texts';
import { appEnv } from '../../shared/env';
import { feedback } from '../../shared/feedback';
import { useSession } from '../../shared/session-store';
import { profileQuery, updateProfile, type ProfileUpdate } from './api/profile';
import { uploadAvatar } from './api/upload-avatar';
import { resourceUrl } from '../../shared/resource-url';
import { avatarFileError } from './avatar-rules';
import { MySessions } from './my-sessions';
import { PasswordForm } from './password-form';
import './info-page.css';

function AvatarField({ value, onChange }: { value?: string; onChange?: (link: string) => void }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  return (
    <div className="wb-avatar-field">
      <Avatar size={96} src={value ? resourceUrl(value, appEnv.apiBase) : undefined} icon={<UserOutlined />} className="wb-avatar-field__image" />
      <div>
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            const error = avatarFileError(file);
            if (error) {
              void feedback().message.error(error);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading(true);
            uploadAvatar(file as File)
              .then((result) => {
                onChange?.(result.link);
                onSuccess?.(result);
                void feedback().message.success(t('info.uploaded'));
              })
              .catch((error: Error) => onError?.(error))
              .finally(() => setUploading(false));
          }}
        >
          <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
            {t('info.upload')}
          </Button>
        </Upload>
        <Typography.Paragraph type="secondary" className="wb-avatar-field__hint">
          {t('info.avatarHint')}
        </Typography.Paragraph>
      </div>
    </div>
  );
}

/**
 * The phone rule with its three messages. The original format check
 * tested a landline pattern and so refused mobile numbers (it reads inverted);
 * phoneError (contracts/validation.ts) checks the evident intent — an 11-digit
 * mainland mobile number — and the server applies the same function.
 */
const phoneRule = {
  validator: (_rule: unknown, value: string | undefined) => {
    const error = phoneError(value);
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
};

function InfoForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery);
  const [form] = Form.useForm<ProfileUpdate>();
  const updateUserInfo = useSession((s) => s.updateUserInfo);

  useEffect(() => {
    if (profile.data) {
      const p = profile.data;
      form.setFieldsValue({ avatar: p.avatar, realName: p.realName, name: p.nickName, phone: p.phone, email: p.email });
    }
  }, [profile.data, form]);

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (res, body) => {
      void feedback().message.success(res.msg || t('info.saved'));
      updateUserInfo({ avatar: body.avatar, real_name: body.realName, nick_name: body.name });
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });

  if (profile.isPending) return <Spin />;
  return (
    <Form<ProfileUpdate> form={form} name="info" layout="vertical" className="wb-info-form" onFinish={(values) => save.mutate({ ...values, email: values.email ?? '' })}>
      <Form.Item name="avatar" label={t('info.avatar')}>
        <AvatarField />
      </Form.Item>
      {/* not a field of the form: its label is tied to it by hand */}
      <Form.Item label={t('info.account')} htmlFor="info_account">
        <Input id="info_account" value={profile.data?.account} disabled />
      </Form.Item>
      <Form.Item name="realName" label={t('info.realName')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="name" label={t('info.name')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="phone" label={t('info.phone')} rules={[phoneRule]} validateTrigger="onBlur">
        <Input maxLength={20} inputMode="tel" />
      </Form.Item>
      <Form.Item name="email" label={t('info.email')} rules={[{ type: 'email', message: t('info.emailFormat') }]}>
        <Input maxLength={128} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

/** /info/index: personal info with the spec's two tabs, info and change password, and the user's sessions. */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <Card className="wb-info-page">
      <Tabs
        items={[
          { key: 'info', label: t('info.tabInfo'), children: <InfoForm /> },
          {
            key: 'password',
            label: t('info.tabPassword'),
            children: (
              <div className="wb-info-form">
                <PasswordForm />
              </div>
            ),
          },
          { key: 'sessions', label: t('info.tabSessions'), children: <MySessions /> },
        ]}
      />
    </Card>
  );
}
