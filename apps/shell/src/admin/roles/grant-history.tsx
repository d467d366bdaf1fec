import { useEffect, useMemo, useState } from 'react';
import { Drawer, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResourceHost } from '@wb/resource-ui/host';
import { grantApi, type GrantLogRecord } from './grant-api';

/** Who changed which grant of the role, when, from what to what. */
export function GrantHistory({ role, onClose }: { role: { id: string; roleName: string }; onClose(): void }) {
  const host = useResourceHost();
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const api = useMemo(() => grantApi(host.transport), [host.transport]);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ records: GrantLogRecord[]; total: number } | null>(null);

  useEffect(() => {
    let live = true;
    void api.history(role.id, page).then(
      (d) => live && setData(d),
      () => live && setData({ records: [], total: 0 }),
    );
    return () => {
      live = false;
    };
  }, [api, role.id, page]);

  return (
    <Drawer open width={760} title={`${t('roleGrant.history')} · ${role.roleName}`} onClose={onClose}>
      <Table<GrantLogRecord>
        rowKey="id"
        size="small"
        loading={!data}
        dataSource={data?.records ?? []}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('roleGrant.when'), dataIndex: 'createTime', width: 160 },
          { title: t('roleGrant.who'), dataIndex: 'operatorName', width: 100 },
          { title: t('roleGrant.field'), dataIndex: 'field', width: 110, render: (f: string) => t(`roleGrant.fields.${f}`) },
          {
            title: `${t('roleGrant.added')} / ${t('roleGrant.removed')}`,
            render: (_, r) => (
              <>
                {r.added.map((n) => (
                  <Tag color="green" key={`+${n}`}>
                    + {n}
                  </Tag>
                ))}
                {r.removed.map((n) => (
                  <Tag color="red" key={`-${n}`}>
                    − {n}
                  </Tag>
                ))}
              </>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
