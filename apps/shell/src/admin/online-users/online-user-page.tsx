import { useRef } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_SIZES } from '@wb/contracts/constants';
import type { Page } from '@wb/contracts/envelope';
import { ONLINE_USER_CODES, ONLINE_USER_PATHS, type OnlineSession } from '@wb/contracts/online-users';
import { useCan } from '../../features/flow/flow-refresh';
import { deviceName } from '../../shared/device-name';
import { feedback } from '../../shared/feedback';
import { http } from '../../shared/request';
import './online-user-texts';

/**
 * 在线用户: the live sessions of the tenant (GET /us-auth/online-user/list); 强制下线 ends one
 * (POST …/logout, button onlineUser_logout), and that user's next request goes to the login page.
 * The caller's own session is marked, and ended with 退出登录 instead.
 */
export default function OnlineUserPage() {
  const { t } = useTranslation();
  const can = useCan();
  const actionRef = useRef<ActionType>();

  const end = (row: OnlineSession) =>
    feedback().modal.confirm({
      title: t('onlineUsers.logout'),
      content: t('onlineUsers.confirm', { account: row.account }),
      okText: t('onlineUsers.ok'),
      cancelText: t('onlineUsers.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await http.post(ONLINE_USER_PATHS.logout, undefined, { params: { uuid: row.uuid } });
        } catch {
          // the request client has shown why
          return;
        }
        void feedback().message.success(t('onlineUsers.done'));
        void actionRef.current?.reload();
      },
    });

  const columns: ProColumns<OnlineSession>[] = [
    { title: t('onlineUsers.account'), dataIndex: 'account', fieldProps: { placeholder: t('onlineUsers.accountPlaceholder') } },
    { title: t('onlineUsers.realName'), dataIndex: 'realName', search: false },
    {
      title: t('onlineUsers.device'),
      dataIndex: 'userAgent',
      search: false,
      render: (_, row) => (
        <span title={row.userAgent}>
          {deviceName(row.userAgent)} {row.current && <Tag color="green">{t('onlineUsers.current')}</Tag>}
        </span>
      ),
    },
    { title: t('onlineUsers.ip'), dataIndex: 'ip', search: false },
    { title: t('onlineUsers.loginTime'), dataIndex: 'createTime', search: false },
    { title: t('onlineUsers.expireTime'), dataIndex: 'expireTime', search: false },
    {
      title: t('onlineUsers.actions'),
      key: 'actions',
      valueType: 'option',
      // as wide as its one link: a wider fixed column would cover the others at 1024 px
      width: 130,
      fixed: 'right',
      render: (_, row) =>
        can(ONLINE_USER_CODES.logout) && !row.current ? (
          <a key="logout" className="wb-online-user-logout" onClick={() => end(row)}>
            {t('onlineUsers.logout')}
          </a>
        ) : null,
    },
  ];

  return (
    <ProTable<OnlineSession>
      className="wb-online-users"
      rowKey="uuid"
      actionRef={actionRef}
      headerTitle={t('onlineUsers.title')}
      columns={columns}
      form={{ name: 'online-user-search' }}
      search={{ labelWidth: 'auto' }}
      request={async (params) => {
        const { current, pageSize, account } = params as { current?: number; pageSize?: number; account?: string };
        const query = { current: Number(current) || 1, size: Math.min(Number(pageSize) || DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE), ...(account ? { account } : {}) };
        const page = await http.get<Page<OnlineSession>>(ONLINE_USER_PATHS.list, query);
        return { data: page?.records ?? [], total: page?.total ?? 0, success: true };
      }}
      // the request client has shown why
      onRequestError={() => undefined}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true }}
      scroll={{ x: 'max-content' }}
      options={{ density: false, setting: true, reload: true }}
    />
  );
}
