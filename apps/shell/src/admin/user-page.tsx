import { useCallback, useMemo, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { userResource } from '@wb/contracts/resources/org';
import { useResourceHost } from '@wb/resource-ui/host';
import { ResourcePage, type ColumnOverrides } from '@wb/resource-ui/resource-page';
import { registerResourceI18n, resourceKeys } from '@wb/resource-ui/resource-i18n';
import { DeptTree } from './dept-tree';
import { registerGrantTexts } from './roles/grant-texts';
import { UserViewAs } from './roles/user-view-as';
import { ShellResourceHost } from './shell-resource-host';

/**
 * The server names a user's roles, departments and posts itself (roleName …):
 * shown as they are, they also cover what the select of the current tenant
 * does not list.
 */
const namesFrom = (field: string): ColumnOverrides[string] => ({ render: (_, row) => (row[field] as string | undefined) || '-' });
const COLUMNS: ColumnOverrides = { roleId: namesFrom('roleName'), deptId: namesFrom('deptName'), postId: namesFrom('postName') };

function Users() {
  const host = useResourceHost();
  registerResourceI18n(host.i18n, userResource);
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const [deptId, setDeptId] = useState<string>();
  // the list call's deptId takes the department and those below it
  const params = useMemo(() => ({ deptId }), [deptId]);
  registerGrantTexts(host.i18n);
  const [viewing, setViewing] = useState<{ id: string; name: string } | null>(null);
  const close = useCallback(() => setViewing(null), []);
  return (
    <>
      <ResourcePage
        def={userResource}
        params={params}
        columns={COLUMNS}
        side={<DeptTree title={t(resourceKeys(userResource).label('deptId'))} value={deptId} onChange={setDeptId} />}
        onReset={() => setDeptId(undefined)}
        // what the user may see and do, through all their roles (the role page's preview, for a person)
        rowActionLabels={[t('roleGrant.viewAs')]}
        rowActions={(row) =>
          host.can('role')
            ? [
                <Button key="view-as" type="link" size="small" onClick={() => setViewing({ id: String(row.id), name: String(row.realName) })}>
                  {t('roleGrant.viewAs')}
                </Button>,
              ]
            : []
        }
      />
      {viewing && <UserViewAs user={viewing} onClose={close} />}
    </>
  );
}

/** /system/user: the generic user list beside the department tree that narrows it. */
export default function UserPage() {
  return (
    <ShellResourceHost>
      <Users />
    </ShellResourceHost>
  );
}
