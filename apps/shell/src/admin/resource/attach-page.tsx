import { useState } from 'react';
import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { attachResource } from '@wb/contracts/resources/oss';
import { assetUrl } from '@wb/resource-ui/list-query';
import { ResourcePage } from '@wb/resource-ui/resource-page';
import { appEnv } from '../../shared/env';
import { feedback } from '../../shared/feedback';
import { http } from '../../shared/request';
import { useSession } from '../../shared/session-store';
import { ShellResourceHost } from '../shell-resource-host';
import './resource-texts';

/** the general upload (shell spec §7 'Files'): it records the attachment, in the tenant's enabled storage */
const UPLOAD_PATH = '/us/file/biz/file/upload';

/** /resource/attach: every stored file; 上传 adds one, 下载 opens its signed link, 删除 removes its bytes too. */
export default function AttachPage() {
  const { t } = useTranslation();
  const canUpload = useSession((s) => s.permission[attachResource.permissions.add] === true);
  const [reload, setReload] = useState(0);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    try {
      await http.post(UPLOAD_PATH, form);
      void feedback().message.success(t('resourceCenter.uploaded'));
      setReload((n) => n + 1);
    } catch {
      // the request client has shown why (a kind not allowed, too large)
    } finally {
      setUploading(false);
    }
  };

  return (
    <ShellResourceHost>
      <ResourcePage
        def={attachResource}
        reloadKey={reload}
        toolbar={
          canUpload
            ? [
                <Upload
                  key="upload"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void upload(file);
                    return false;
                  }}
                >
                  <Button type="primary" icon={<UploadOutlined />} loading={uploading}>
                    {t('resourceCenter.upload')}
                  </Button>
                </Upload>,
              ]
            : []
        }
        rowActionLabels={[t('resourceCenter.download')]}
        rowActions={(row) => [
          <a key="download" href={assetUrl(String(row.link), appEnv.apiBase)} target="_blank" rel="noreferrer">
            {t('resourceCenter.download')}
          </a>,
        ]}
      />
    </ShellResourceHost>
  );
}
