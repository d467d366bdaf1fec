import { useCallback, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleResource } from '@wb/contracts/resources/org';
import { useResourceHost } from '@wb/resource-ui/host';
import { ResourcePage } from '@wb/resource-ui/resource-page';
import { registerResourceI18n } from '@wb/resource-ui/resource-i18n';
import { GrantHistory } from './roles/grant-history';
import { registerGrantTexts } from './roles/grant-texts';
import { RoleGrantDialog } from './roles/role-grant-dialog';
import { ShellResourceHost } from './shell-resource-host';

type Role = { id: string; roleName: string };

function Roles() {
  const host = useResourceHost();
  registerResourceI18n(host.i18n, roleResource);
  registerGrantTexts(host.i18n);
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const [granting, setGranting] = useState<Role | null>(null);
  const [tracing, setTracing] = useState<Role | null>(null);
  const close = useCallback(() => setGranting(null), []);
  const role = (row: Record<string, unknown>): Role => ({ id: String(row.id), roleName: String(row.roleName) });
  return (
    <>
      <ResourcePage
        def={roleResource}
        rowActionLabels={[t('roleGrant.grant'), t('roleGrant.history')]}
        rowActions={(row) => [
          ...(host.can('role_grant')
            ? [
                <Button key="grant" type="link" size="small" onClick={() => setGranting(role(row))}>
                  {t('roleGrant.grant')}
                </Button>,
              ]
            : []),
          <Button key="history" type="link" size="small" onClick={() => setTracing(role(row))}>
            {t('roleGrant.history')}
          </Button>,
        ]}
      />
      {granting && <RoleGrantDialog role={granting} onClose={close} />}
      {tracing && <GrantHistory role={tracing} onClose={() => setTracing(null)} />}
    </>
  );
}

/** /authority/role: the role tree list, each role's grant dialog (menus, data and API scopes, preview) and its grant history. */
export default function RolePage() {
  return (
    <ShellResourceHost>
      <Roles />
    </ShellResourceHost>
  );
}
