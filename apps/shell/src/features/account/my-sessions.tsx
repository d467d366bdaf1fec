import { Button, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceName } from '../../shared/device-name';
import { feedback } from '../../shared/feedback';
import { http } from '../../shared/request';

/** One of the user's logins (GET /us-auth/oauth/sessions). */
interface MySession {
  uuid: string;
  ip: string;
  userAgent: string;
  createTime: string;
  expireTime: string;
  current: boolean;
}

/** 我的会话: where the user is signed in, each but this one signed out with 下线 (GET /us-auth/oauth/logoutByUuid). */
export function MySessions() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: ['my-sessions'], queryFn: () => http.get<MySession[]>('/us-auth/oauth/sessions'), staleTime: 0 });
  const signOut = useMutation({
    mutationFn: (uuid: string) => http.get('/us-auth/oauth/logoutByUuid', { uuid }),
    onSuccess: () => {
      void feedback().message.success(t('info.sessionEnded'));
      void client.invalidateQueries({ queryKey: ['my-sessions'] });
    },
  });
  return (
    <Table<MySession>
      rowKey="uuid"
      size="middle"
      loading={sessions.isPending}
      dataSource={sessions.data ?? []}
      pagination={false}
      columns={[
        {
          title: t('info.sessionDevice'),
          dataIndex: 'userAgent',
          render: (ua: string, s) => (
            <span title={ua}>
              {deviceName(ua)} {s.current && <Tag color="green">{t('info.sessionCurrent')}</Tag>}
            </span>
          ),
        },
        { title: t('info.sessionIp'), dataIndex: 'ip' },
        { title: t('info.sessionTime'), dataIndex: 'createTime' },
        {
          title: t('info.sessionAction'),
          key: 'action',
          render: (_, s) =>
            !s.current && (
              <Button type="link" size="small" danger loading={signOut.isPending && signOut.variables === s.uuid} onClick={() => signOut.mutate(s.uuid)}>
                {t('info.sessionSignOut')}
              </Button>
            ),
        },
      ]}
    />
  );
}
