import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/use-logout';

/** Full-screen notice when the server returns no top menu for the user. */
export function NoMenuDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Modal
      open={open}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={null}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0, margin: 0 }}
      styles={{ content: { minHeight: '100vh', borderRadius: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
    >
      <Result
        status="warning"
        title={t('menu.noMenu')}
        extra={
          <Button type="primary" onClick={logout}>
            {t('header.logout')}
          </Button>
        }
      />
    </Modal>
  );
}

export default NoMenuDialog;
