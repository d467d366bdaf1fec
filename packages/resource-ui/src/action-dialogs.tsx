import { useState } from 'react';
import { Modal, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { ModalForm } from '@ant-design/pro-components';
import type { ActionDef, FieldDef } from '@wb/contracts/resource';
import { FieldInput } from './field-input';
import { useFieldOptions } from './field-options';
import { toSubmitBody } from './form-values';
import { useResourceHost } from './host';
import type { ResourceKeys } from './resource-i18n';

interface DialogProps {
  formName: string;
  action: ActionDef;
  keys: ResourceKeys;
  t(key: string, options?: Record<string, unknown>): string;
  /** sends the request; rejects when it failed (the host has shown why) */
  submit(payload: Record<string, unknown> | Blob): Promise<void>;
  onClose(): void;
}

const NO_FIELDS: Record<string, FieldDef> = {};

/** An action with `fields`: a dialog whose values are the request's body. */
export function ActionFormDialog({ formName, action, keys, t, submit, onClose }: DialogProps) {
  const host = useResourceHost();
  const fields = action.fields ?? NO_FIELDS;
  const options = useFieldOptions(fields, host.transport);
  const actionKeys = keys.action(action.name);
  return (
    <ModalForm<Record<string, unknown>>
      name={formName}
      title={t(actionKeys.label)}
      open
      width={640}
      layout="horizontal"
      labelCol={{ span: 5 }}
      submitter={{ searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      modalProps={{ maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onFinish={async (values) => {
        try {
          await submit(toSubmitBody({ fields }, values));
          return true;
        } catch {
          return false;
        }
      }}
    >
      {Object.entries(fields).map(([name, field]) => (
        <FieldInput key={name} name={name} field={field} keys={actionKeys.fields} t={t} options={options} />
      ))}
    </ModalForm>
  );
}

/** An action with `upload`: one file of the accepted types, sent as the multipart field `file`. */
export function ActionUploadDialog({ action, keys, t, submit, onClose }: DialogProps) {
  const host = useResourceHost();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const accept = action.upload?.accept ?? '';

  const send = async () => {
    if (!file) {
      void host.feedback().message.warning(t('crud.chooseFile'));
      return;
    }
    setSending(true);
    try {
      await submit(file);
    } catch {
      // the host has shown why; the dialog stays for another try
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t(keys.action(action.name).label)}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={sending}
      maskClosable={false}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <Upload.Dragger
        accept={accept}
        maxCount={1}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        // keep the file: it is sent when the dialog is confirmed
        beforeUpload={(chosen) => {
          setFile(chosen);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('crud.uploadFile')}</p>
        {accept && <Typography.Text type="secondary">{t('crud.uploadAccept', { accept })}</Typography.Text>}
      </Upload.Dragger>
    </Modal>
  );
}
