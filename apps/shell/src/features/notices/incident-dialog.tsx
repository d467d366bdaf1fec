import { Descriptions, Modal, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@wb/contracts/resource';
import { INCIDENT_DETAIL_PATH, incidentResource } from '@wb/contracts/resources/incident';
import { currentLanguage } from '../../shared/i18n/i18n';
import { http } from '../../shared/request';
import { projectDetailQuery } from '../project-picker/api/project-detail';

interface Incident {
  id: string;
  title: string;
  incidentType: string;
  level: string;
  handleStatus: string;
  projectId: string;
  address: string;
  description: string;
  deadline: string;
  createTime: string;
}

type Field = keyof typeof incidentResource.fields;

/** The incident a 督办提醒 is about (GET /wwy-us-incident/srt/incident/detail), in the words of its definition. */
export default function IncidentDialog({ id, onClose }: { id: string; onClose(): void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const incident = useQuery({ queryKey: ['incident', id], queryFn: () => http.get<Incident>(INCIDENT_DETAIL_PATH, { id }) });
  const project = useQuery(projectDetailQuery(incident.data?.projectId ?? ''));
  const fields: Record<Field, FieldDef> = incidentResource.fields;
  const label = (f: Field) => fields[f].label[lang];
  const option = (f: Field, value: string) => fields[f].options?.find((o) => String(o.value) === value)?.label[lang] ?? value;
  const d = incident.data;
  return (
    <Modal open title={d?.title ?? t('notices.reminders')} footer={null} onCancel={onClose} width={640} destroyOnHidden>
      {!d ? (
        <Skeleton active loading={incident.isPending} />
      ) : (
        <Descriptions
          column={2}
          size="small"
          items={[
            { key: 'type', label: label('incidentType'), children: option('incidentType', d.incidentType) },
            { key: 'level', label: label('level'), children: <Tag color={d.level === '1' ? 'default' : 'red'}>{option('level', d.level)}</Tag> },
            { key: 'status', label: label('handleStatus'), children: option('handleStatus', d.handleStatus) },
            { key: 'deadline', label: label('deadline'), children: d.deadline.slice(0, 10) },
            { key: 'project', label: label('projectId'), children: project.data?.name ?? d.projectId },
            { key: 'address', label: label('address'), children: d.address || '-' },
            { key: 'description', label: label('description'), children: d.description || '-', span: 2 },
          ]}
        />
      )}
    </Modal>
  );
}
