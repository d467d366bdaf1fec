import { Modal, Spin, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnyRecord } from '@wb/resource-ui/resource-api';
import { developApi } from './develop-api';

/** 预览: the files 生成 would download, one tab each, by their path in the project. */
export function CodePreview({ code, onClose }: { code: AnyRecord; onClose(): void }) {
  const { t } = useTranslation();
  const files = useQuery({ queryKey: ['develop', 'preview', code.id], queryFn: () => developApi.preview(code.id), retry: false, gcTime: 0 });
  if (files.isError) {
    // the request client has shown why it cannot be generated
    onClose();
    return null;
  }
  return (
    <Modal open width={1100} footer={null} title={`${t('develop.previewTitle')} · ${String(code.codeName)}`} onCancel={onClose} className="wb-develop-preview">
      {files.data ? (
        <Tabs
          size="small"
          items={files.data.map((f) => ({
            key: f.path,
            label: f.path.split('/').slice(-2).join('/'),
            children: (
              <pre title={f.path} style={{ maxHeight: 520, overflow: 'auto', margin: 0, fontSize: 12, whiteSpace: f.path.endsWith('.md') ? 'pre-wrap' : 'pre' }}>
                {f.content}
              </pre>
            ),
          }))}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
