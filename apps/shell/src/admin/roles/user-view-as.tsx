import { useEffect, useMemo, useState } from 'react';
import { Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResourceHost } from '@wb/resource-ui/host';
import { grantApi, type ViewAs } from './grant-api';
import { PreviewPanel } from './role-grant-dialog';

/** What a user holds now through all their roles: menus, buttons, data and API scopes. */
export function UserViewAs({ user, onClose }: { user: { id: string; name: string }; onClose(): void }) {
  const host = useResourceHost();
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const api = useMemo(() => grantApi(host.transport), [host.transport]);
  const [view, setView] = useState<ViewAs | null>(null);
  useEffect(() => {
    void api.previewUser(user.id).then(setView, onClose);
  }, [api, user.id, onClose]);
  return (
    <Drawer open width={520} title={`${t('roleGrant.viewAs')} · ${user.name}`} onClose={onClose}>
      <div data-testid="user-view-as">{view ? <PreviewPanel preview={view} heading={false} /> : <Spin />}</div>
    </Drawer>
  );
}
