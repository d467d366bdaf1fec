import { pathOf, type SelectOption } from '@wb/contracts/resource';
import { DEVELOP_PATHS, modelResource, type GeneratedFile, type ModelPrototype, type PrototypeDesign, type TableSummary } from '@wb/contracts/resources/develop';
import { fileNameFromDisposition, type Download } from '@wb/resource-ui/download';
import type { AnyRecord } from '@wb/resource-ui/resource-api';
import { http } from '../../shared/request';

/** The development tools' calls beyond the generic list and form (admin spec §7 'Development tools'). */
export const developApi = {
  datasources: () => http.get<SelectOption[]>('/us-develop/datasource/select'),
  /** '' : this product's own database */
  tables: (datasourceId: string) => http.get<TableSummary[]>(DEVELOP_PATHS.tableList, { datasourceId }),
  addModel: (body: Record<string, unknown>) => http.post<AnyRecord>(pathOf(modelResource, 'add'), body),
  prototypes: (modelId: string) => http.get<ModelPrototype[]>(DEVELOP_PATHS.modelPrototype, { modelId }),
  saveDesign: (design: PrototypeDesign[]) => http.post<ModelPrototype[]>(DEVELOP_PATHS.prototypeSubmitList, design),
  preview: (id: string) => http.get<GeneratedFile[]>(DEVELOP_PATHS.preview, { id }),
  /** gen-code is a POST answering a .zip: the failure's envelope arrives inside a Blob (`RequestError.body`) */
  async generate(ids: string[]): Promise<Download> {
    const res = await http.instance.post<Blob>(DEVELOP_PATHS.genCode, undefined, { params: { ids: ids.join(','), system: 'workbench' }, responseType: 'blob', raw: true, silent: true });
    const disposition = res.headers['content-disposition'];
    return { blob: res.data, fileName: fileNameFromDisposition(typeof disposition === 'string' ? disposition : undefined) };
  },
};
