import { useState } from 'react';
import { Image, Upload, type UploadFile } from 'antd';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_UPLOAD_PATH, useResourceHost } from './host';
import { assetUrl, imageFileError } from './list-query';

interface Props {
  /** the picture's address (put-file's data.link) */
  value?: string | null;
  onChange?(value: string | null): void;
  readonly?: boolean;
  id?: string;
  t(key: string): string;
}

/**
 * A picture field: uploads through the host (its uploadFile, else put-file's multipart field
 * `file`) and holds the returned link; read-only it shows the picture.
 */
export function ImageInput({ value, onChange, readonly, id, t }: Props) {
  const host = useResourceHost();
  const [uploading, setUploading] = useState(false);
  const src = assetUrl(value, host.apiBase);

  /** The host's own upload when it has one (the shell: the signed-URL flow), else a multipart post. */
  const upload = async (file: File): Promise<string> => {
    const { transport } = host;
    if (!transport.uploadFile) {
      const form = new FormData();
      form.append('file', file);
      return (await transport.upload<{ link: string }>(host.uploadPath ?? DEFAULT_UPLOAD_PATH, form)).link;
    }
    const link = await transport.uploadFile(file);
    if (link) return link;
    // the host logged why; the user is told it did not work
    void host.feedback().message.warning(t('crud.uploadFailed'));
    throw new Error(t('crud.uploadFailed'));
  };

  if (readonly) return src ? <Image src={src} width={96} alt="" /> : <span>-</span>;

  const fileList: UploadFile[] = src ? [{ uid: '-1', name: value?.split('/').pop() ?? 'image', status: 'done', url: src }] : [];
  return (
    <Upload
      id={id}
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      listType="picture-card"
      maxCount={1}
      fileList={fileList}
      showUploadList={{ showPreviewIcon: false }}
      beforeUpload={(file) => {
        const error = imageFileError(file);
        if (error) {
          void host.feedback().message.warning(t(`crud.${error}`));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        setUploading(true);
        upload(file as File)
          .then((link) => {
            onChange?.(link);
            onSuccess?.({ link });
          })
          .catch((error: Error) => onError?.(error))
          .finally(() => setUploading(false));
      }}
      onRemove={() => {
        onChange?.(null);
        return true;
      }}
    >
      {fileList.length === 0 && (
        <div>
          {uploading ? <LoadingOutlined /> : <PlusOutlined />}
          <div style={{ marginTop: 8 }}>{t('crud.upload')}</div>
        </div>
      )}
    </Upload>
  );
}
