import type { ReactNode } from 'react';
import { Alert, Card, Descriptions, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEAVE_TYPES, type LeaveDetail } from '@wb/contracts/flow';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { flowApi } from '../api/flow-api';
import '../flow-texts';

/** A leave type's label in the current language. */
export const leaveTypeLabel = (value: string | undefined): string => LEAVE_TYPES.find((type) => type.value === value)?.label[currentLanguage()] ?? value ?? '-';

export const leaveDetailQuery = (businessId: string) => ({ queryKey: ['flow', 'leave', businessId], queryFn: () => flowApi.leaveDetail(businessId) });

function Outcome({ detail }: { detail: LeaveDetail }) {
  const { t } = useTranslation();
  if (detail.approved === true) return <Tag color="success">{t('flow.leave.approved')}</Tag>;
  if (detail.approved === false) return <Tag color="error">{t('flow.leave.rejected')}</Tag>;
  return <Tag color="processing">{t('flow.leave.running')}</Tag>;
}

/** The request, read-only (leave/detail): who, what kind, from when to when, why, and where it stands. */
export function LeaveInfo({ businessId, extra }: { businessId: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const detail = useQuery(leaveDetailQuery(businessId));
  return (
    <Card title={t('flow.leave.info')} extra={extra} className="wb-leave-info">
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : detail.isError || !detail.data ? (
        <Alert type="warning" showIcon message={t('flow.msg.instanceNotFound')} />
      ) : (
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          bordered
          size="small"
          items={[
            { key: 'applicant', label: t('flow.leave.applicant'), children: detail.data.createUserName || '-' },
            { key: 'leaveType', label: t('flow.leave.leaveType'), children: leaveTypeLabel(detail.data.leaveType) },
            { key: 'days', label: t('flow.leave.days'), children: detail.data.days ?? '-' },
            { key: 'startTime', label: t('flow.leave.startTime'), children: detail.data.startTime },
            { key: 'endTime', label: t('flow.leave.endTime'), children: detail.data.endTime },
            { key: 'taskUser', label: t('flow.leave.taskUser'), children: detail.data.taskUserName || '-' },
            { key: 'applyTime', label: t('flow.leave.applyTime'), children: detail.data.applyTime || '-' },
            { key: 'status', label: t('flow.leave.status'), children: <Outcome detail={detail.data} /> },
            { key: 'reason', label: t('flow.leave.reason'), span: 'filled', children: <span style={{ whiteSpace: 'pre-wrap' }}>{detail.data.reason}</span> },
          ]}
        />
      )}
    </Card>
  );
}
