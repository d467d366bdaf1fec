import { useState } from 'react';
import { Button, Modal, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { AnyResourceDef } from '@wb/contracts/resource';
import { saveBlob } from './download';
import { useResourceHost } from './host';
import type { ResourceApi } from './resource-api';

interface Props {
  def: AnyResourceDef;
  api: ResourceApi;
  title: string;
  t(key: string, options?: Record<string, unknown>): string;
  /** sends the file; rejects when it was refused (the host has shown why: a wrong column, too big) */
  send(file: File): Promise<void>;
  onClose(): void;
}

/** 导入: the template to fill in, and one .xlsx sent as an import of the upload centre. */
export function ImportDialog({ def, api, title, t, send, onClose }: Props) {
  const host = useResourceHost();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);

  const confirm = async () => {
    if (!file) {
      void host.feedback().message.warning(t('crud.chooseFile'));
      return;
    }
    setSending(true);
    try {
      await send(file);
    } catch {
      // the host has shown why; the dialog stays for another file
    } finally {
      setSending(false);
    }
  };

  const template = async () => {
    const { blob, fileName } = await api.importTemplate();
    saveBlob(blob, fileName ?? `${def.title.zh}.xlsx`);
  };

  return (
    <Modal
      open
      title={t('crud.importTitle', { title })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={sending}
      maskClosable={false}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('crud.importHint')}</Typography.Paragraph>
      <Typography.Paragraph>
        <Button icon={<DownloadOutlined />} onClick={() => void template().catch(() => undefined)}>
          {t('crud.importTemplate')}
        </Button>
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        // kept until the dialog is confirmed
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
        <Typography.Text type="secondary">{t('crud.uploadAccept', { accept: '.xlsx' })}</Typography.Text>
      </Upload.Dragger>
    </Modal>
  );
}
