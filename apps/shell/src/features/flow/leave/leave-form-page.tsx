import { Button, Card, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Dayjs } from 'dayjs';
import { LEAVE_TYPES } from '@wb/contracts/flow';
import { feedback } from '../../../shared/feedback';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { fetchFlowUsers, flowApi, flowUserLabel } from '../api/flow-api';
import { closeTabOf, flowChanged } from '../flow-refresh';
import { FlowChart } from '../viewer/flow-viewer';
import { LEAVE_TIME_FORMAT, endNotBeforeStart, leaveFormBody, type LeaveValues } from './leave-values';
import '../flow-texts';
import { useBusy } from '../../../shared/use-busy';

/** Where a started request is followed. */
export const SENT_PAGE = '/work-affairs/send';

/**
 * /work/process/leave/form/:processDefinitionId (请假申请): the request's type, start and end,
 * approver (a user of the tenant) and reason; 提交 starts the process (leave/start-process) and
 * goes to 已发事务. The process's diagram is shown beside it.
 */
export default function LeaveFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { processDefinitionId = '' } = useParams();
  const [form] = Form.useForm<LeaveValues>();
  const { busy, run } = useBusy();
  const users = useQuery({ queryKey: ['flow', 'users'], queryFn: fetchFlowUsers, staleTime: 60_000 });
  const lang = currentLanguage();

  const submit = async (values: LeaveValues) => {
    if (!(await run(() => flowApi.leaveStart(leaveFormBody(processDefinitionId, values))))) return;
    void feedback().message.success(t('flow.leave.submitted'));
    flowChanged();
    navigate(SENT_PAGE);
    closeTabOf(pathname);
  };

  return (
    <Row gutter={[16, 16]} className="wb-leave-page wb-leave-form">
      <Col xs={24} xl={11}>
        <Card title={t('flow.leave.formTitle')}>
          <Form<LeaveValues> form={form} name="leave-form" layout="vertical" onFinish={(values) => void submit(values)} requiredMark>
            <Form.Item name="leaveType" label={t('flow.leave.leaveType')} rules={[{ required: true, message: t('flow.msg.leaveType') }]}>
              <Select placeholder={t('flow.msg.leaveType')} options={LEAVE_TYPES.map((type) => ({ value: type.value, label: type.label[lang] }))} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="startTime" label={t('flow.leave.startTime')} rules={[{ required: true, message: t('flow.msg.startTime') }]}>
                  <DatePicker showTime format={LEAVE_TIME_FORMAT} style={{ width: '100%' }} placeholder={t('flow.msg.startTime')} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="endTime"
                  label={t('flow.leave.endTime')}
                  dependencies={['startTime']}
                  rules={[
                    { required: true, message: t('flow.msg.endTime') },
                    ({ getFieldValue }) => ({
                      validator: async (_, end: Dayjs | undefined) => {
                        if (!endNotBeforeStart(getFieldValue('startTime') as Dayjs | undefined, end)) throw new Error(t('flow.msg.endBeforeStart'));
                      },
                    }),
                  ]}
                >
                  <DatePicker showTime format={LEAVE_TIME_FORMAT} style={{ width: '100%' }} placeholder={t('flow.msg.endTime')} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="taskUser" label={t('flow.leave.taskUser')} rules={[{ required: true, message: t('flow.msg.taskUser') }]}>
              <Select
                showSearch
                placeholder={t('flow.msg.taskUser')}
                loading={users.isPending}
                optionFilterProp="label"
                notFoundContent={users.isPending ? undefined : users.isError ? users.error.message : t('flow.leave.noUsers')}
                options={(users.data ?? []).map((user) => ({ value: user.id, label: flowUserLabel(user) }))}
              />
            </Form.Item>
            <Form.Item name="reason" label={t('flow.leave.reason')} rules={[{ required: true, whitespace: true, message: t('flow.msg.reason') }]}>
              <Input.TextArea rows={4} maxLength={500} showCount placeholder={t('flow.msg.reason')} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('flow.leave.submit')}
              </Button>
              <Button onClick={() => form.resetFields()}>{t('common.reset')}</Button>
            </Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={13}>
        <Card title={t('flow.viewer.title')}>{processDefinitionId && <FlowChart target={{ processDefinitionId }} height={420} />}</Card>
      </Col>
    </Row>
  );
}
