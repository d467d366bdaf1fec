import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEVELOP_CODES, modelResource } from '@wb/contracts/resources/develop';
import { useResourceHost } from '@wb/resource-ui/host';
import type { AnyRecord } from '@wb/resource-ui/resource-api';
import { ResourcePage, type ColumnOverrides } from '@wb/resource-ui/resource-page';
import { ShellResourceHost } from '../shell-resource-host';
import { ModelDesigner } from './model-designer';
import { TablePicker } from './table-picker';
import './develop-texts';

function Models() {
  const host = useResourceHost();
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [designing, setDesigning] = useState<AnyRecord | null>(null);
  const [reload, setReload] = useState(0);
  // a model without a datasource reads this product's own database
  const columns: ColumnOverrides = { datasourceId: { render: (dom: ReactNode, row: AnyRecord) => (row.datasourceId ? dom : t('develop.ownDatabase')) } };
  return (
    <>
      <ResourcePage
        def={modelResource}
        columns={columns}
        reloadKey={reload}
        toolbar={
          host.can(modelResource.permissions.add)
            ? [
                <Button key="pick" type="primary" icon={<TableOutlined />} onClick={() => setPicking(true)}>
                  {t('develop.pickTable')}
                </Button>,
              ]
            : []
        }
        rowActionLabels={[t('develop.design')]}
        rowActions={(row) =>
          host.can(DEVELOP_CODES.design)
            ? [
                <Button key="design" type="link" size="small" onClick={() => setDesigning(row)}>
                  {t('develop.design')}
                </Button>,
              ]
            : []
        }
      />
      {picking && (
        <TablePicker
          onClose={() => setPicking(false)}
          onCreated={(model) => {
            setPicking(false);
            setReload((n) => n + 1);
            // a new model is designed next
            if (host.can(DEVELOP_CODES.design)) setDesigning(model);
          }}
        />
      )}
      {designing && <ModelDesigner model={designing} onClose={() => setDesigning(null)} />}
    </>
  );
}

/** /tool/model 数据模型: the generic list of models, 选择表 to make one from a table, 设计 for its columns. */
export default function ModelPage() {
  return (
    <ShellResourceHost>
      <Models />
    </ShellResourceHost>
  );
}
