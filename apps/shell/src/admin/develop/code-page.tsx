import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeResource, DEVELOP_CODES } from '@wb/contracts/resources/develop';
import { blobErrorText, saveBlob } from '@wb/resource-ui/download';
import { useResourceHost } from '@wb/resource-ui/host';
import type { AnyRecord } from '@wb/resource-ui/resource-api';
import { ResourcePage } from '@wb/resource-ui/resource-page';
import { feedback } from '../../shared/feedback';
import { RequestError } from '../../shared/request';
import { ShellResourceHost } from '../shell-resource-host';
import { CodePreview } from './code-preview';
import { developApi } from './develop-api';
import './develop-texts';

function Codes() {
  const host = useResourceHost();
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<AnyRecord | null>(null);
  const [generating, setGenerating] = useState<string | null>(null);

  const generate = async (row: AnyRecord) => {
    setGenerating(row.id);
    try {
      const file = await developApi.generate([row.id]);
      saveBlob(file.blob, file.fileName ?? 'code-gen.zip');
      void feedback().message.success(t('develop.generated'));
    } catch (error) {
      // a 401 has already been handled (and shown) by the client; a refusal's envelope is inside the blob
      if (!(error instanceof RequestError && error.kind === 'unauthorized'))
        void feedback().message.warning(await blobErrorText(error instanceof RequestError ? error.body : undefined, error instanceof Error ? error.message : String(error)));
    } finally {
      setGenerating(null);
    }
  };

  return (
    <>
      <ResourcePage
        def={codeResource}
        rowActionLabels={[t('develop.generate'), t('develop.preview')]}
        rowActions={(row) =>
          host.can(DEVELOP_CODES.generate)
            ? [
                <Button key="generate" type="link" size="small" loading={generating === row.id} onClick={() => void generate(row)}>
                  {t('develop.generate')}
                </Button>,
                <Button key="preview" type="link" size="small" onClick={() => setPreviewing(row)}>
                  {t('develop.preview')}
                </Button>,
              ]
            : []
        }
      />
      {previewing && <CodePreview code={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}

/** /tool/code 代码生成: the generic list of code rows (复制 is the definition's action), 生成 downloads the zip, 预览 shows its files. */
export default function CodePage() {
  return (
    <ShellResourceHost>
      <Codes />
    </ShellResourceHost>
  );
}
