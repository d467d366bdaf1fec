import { Form, Modal, Select } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import '../../shared/i18n/shell-texts';
import { feedback } from '../../shared/feedback';
import { failureText } from '../../shared/request';
import { useSession } from '../../shared/session-store';
import { deptOptionsQuery, roleOptionsQuery } from './api/identity-options';
import { switchIdentity } from './api/switch-identity';

interface Choice {
  deptId: string;
  roleId: string;
}

const inList = (id: string | undefined, options: { id: string }[] | undefined) => (id && options?.some((o) => o.id === id) ? id : undefined);

/**
 * 切换部门/角色: only the user's own depts and roles are
 * offered; both are required ('请选择部门', '请选择角色'). The token is refreshed
 * with the choice, the new tokens are stored, menus and buttons reload, and the
 * shell goes to /.
 */
export default function SwitchIdentityDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Choice>();
  const depts = useQuery(deptOptionsQuery);
  const roles = useQuery(roleOptionsQuery);
  const user = useSession((s) => s.userInfo);
  // Several role ids are comma-joined in the token; preselect only one the list offers.
  const initialRole = inList(user?.role_id?.split(',')[0], roles.data);
  const initialDept = inList(user?.dept_id?.split(',')[0], depts.data);

  const submit = useMutation({
    mutationFn: (choice: Choice) => {
      const s = useSession.getState();
      return switchIdentity({ tenantId: s.tenantId ?? DEFAULT_TENANT_ID, refreshToken: s.refreshToken ?? '', ...choice });
    },
    onSuccess: async (token) => {
      useSession.getState().applyTokens(token);
      onClose();
      void feedback().message.success(t('identity.switched'));
      // Menus and buttons belong to the role: forget them, then start from the first page.
      navigate('/', { replace: true });
      await queryClient.resetQueries({ queryKey: ['menu'] });
    },
    onError: (error: Error & { body?: unknown }) => {
      void feedback().message.error(failureText(error.body, error.message));
    },
  });

  const ready = !depts.isPending && !roles.isPending;
  return (
    <Modal
      open
      title={t('identity.title')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={submit.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={460}
    >
      {ready && (
        <Form<Choice>
          form={form}
          name="identity"
          layout="vertical"
          style={{ marginTop: 16 }}
          initialValues={{ deptId: initialDept, roleId: initialRole }}
          onFinish={(choice) => submit.mutate(choice)}
        >
          <Form.Item name="deptId" label={t('identity.dept')} rules={[{ required: true, message: t('identity.deptRequired') }]}>
            <Select allowClear options={(depts.data ?? []).map((d) => ({ value: d.id, label: d.name }))} />
          </Form.Item>
          <Form.Item name="roleId" label={t('identity.role')} rules={[{ required: true, message: t('identity.roleRequired') }]}>
            <Select allowClear options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
