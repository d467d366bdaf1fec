import { useState } from 'react';
import { Button, Descriptions, Result, Space, Spin } from 'antd';
import { LaptopOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { QrScan } from '@wb/contracts/auth';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { deviceName } from '../../shared/device-name';
import { http } from '../../shared/request';
import { ThemeScope } from '../../shared/theme/theme-scope';
import { usePageTitle } from '../../shared/ui/use-page-title';
import './qr-confirm.css';
import './qr-confirm-texts';

/**
 * /qr-login?ticket=: the page a signed-in phone opens from the login page's QR code. Opening it
 * tells the login page the code was scanned and shows where the login was asked from; 确认登录
 * signs that browser in as this user, 取消 refuses it.
 */
export default function QrConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ticket = useSearchParams()[0].get('ticket') ?? '';
  const [answered, setAnswered] = useState<'approved' | 'cancelled' | null>(null);
  usePageTitle(t('qrConfirm.title'));
  const scan = useQuery({
    queryKey: ['qr-scan', ticket],
    queryFn: () => http.post<QrScan>('/us-user/qr/scan', { ticket }, { silent: true }),
    retry: false,
    staleTime: Infinity,
  });
  const answer = useMutation({
    mutationFn: (approve: boolean) => http.post('/us-user/qr/confirm', { ticket, approve }),
    onSuccess: (_, approve) => setAnswered(approve ? 'approved' : 'cancelled'),
  });
  const home = (
    <Button type="primary" onClick={() => navigate(FIRST_PAGE)}>
      {t('page.backHome')}
    </Button>
  );

  let body;
  if (scan.isPending) body = <Spin />;
  else if (scan.isError) body = <Result status="warning" title={scan.error.message} extra={home} />;
  else if (answered) body = <Result status={answered === 'approved' ? 'success' : 'info'} title={t(`qrConfirm.${answered}`)} extra={home} />;
  else
    body = (
      <Result
        icon={<LaptopOutlined style={{ color: 'var(--wb-primary, #ff8642)' }} />}
        title={t('qrConfirm.title')}
        subTitle={
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'ip', label: t('qrConfirm.ip'), children: scan.data.ip || '-' },
              { key: 'browser', label: t('qrConfirm.browser'), children: <span title={scan.data.userAgent}>{deviceName(scan.data.userAgent)}</span> },
              { key: 'time', label: t('qrConfirm.time'), children: scan.data.createTime },
            ]}
          />
        }
        extra={
          <Space>
            <Button type="primary" loading={answer.isPending && answer.variables} onClick={() => answer.mutate(true)}>
              {t('qrConfirm.approve')}
            </Button>
            <Button loading={answer.isPending && !answer.variables} onClick={() => answer.mutate(false)}>
              {t('qrConfirm.cancel')}
            </Button>
          </Space>
        }
      />
    );
  return (
    <ThemeScope>
      <div className="wb-qr-confirm">{body}</div>
    </ThemeScope>
  );
}
