import type { TFunction } from 'i18next';
import { RESOURCES, resourceByName } from '@wb/contracts/resources/catalogue';
import { reportable, reportResource } from '@wb/contracts/resources/report';
import type { ColumnOverrides } from '@wb/resource-ui/resource-page';
import type { ResourceHost } from '@wb/resource-ui/host';
import { registerResourceI18n, resourceKeys } from '@wb/resource-ui/resource-i18n';

/**
 * 报表管理's 数据 column: a report reads a resource by its name ('post'); the user sees its title in
 * their language (岗位管理 / Posts), and searches by choosing one.
 */
export function dataColumn(host: ResourceHost, t: TFunction): ColumnOverrides {
  const defs = RESOURCES.filter(reportable);
  for (const d of [reportResource, ...defs]) registerResourceI18n(host.i18n, d);
  const title = (name: unknown) => {
    const def = resourceByName(String(name));
    return def ? t(resourceKeys(def).title) : String(name ?? '');
  };
  return {
    resource: {
      valueType: 'select',
      valueEnum: new Map(defs.map((d) => [d.name, { text: title(d.name) }])),
      fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: t(resourceKeys(reportResource).label('resource')) },
      render: (_, row) => title(row.resource),
    },
  };
}
