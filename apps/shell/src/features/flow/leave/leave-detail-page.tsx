import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FlowViewer } from '../viewer/flow-viewer';
import { LeaveInfo } from './leave-info';
import '../flow-texts';

/** /work/process/leave/detail/:processInstanceId/:businessId (请假详情): the request, its diagram with the path it took, and its history. */
export default function LeaveDetailPage() {
  const { t } = useTranslation();
  const { processInstanceId = '', businessId = '' } = useParams();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="wb-leave-page wb-leave-detail">
      <LeaveInfo businessId={businessId} />
      <Card title={t('flow.viewer.title')}>
        <FlowViewer target={{ processInstanceId }} height={420} />
      </Card>
    </Space>
  );
}
