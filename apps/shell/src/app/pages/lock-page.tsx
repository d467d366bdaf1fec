import { Button, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { useSession } from '../../shared/session-store';
import { usePageTitle } from '../../shared/ui/use-page-title';

/** Placeholder of the lock screen; the lock feature (password dialog, unlock check) comes later. */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setLock = useSession((s) => s.setLock);
  usePageTitle(t('page.lockTitle'));
  return (
    <Result
      icon={<LockOutlined />}
      title={t('page.lockTitle')}
      subTitle={t('page.lockDesc')}
      extra={
        <Button
          type="primary"
          onClick={() => {
            setLock(false);
            navigate(FIRST_PAGE);
          }}
        >
          {t('page.unlock')}
        </Button>
      }
    />
  );
}
