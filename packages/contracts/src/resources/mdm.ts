import { defineResource, type FieldDef, REMARK_FIELD } from '../resource';

/**
 * Master data (主数据), managed by the coredata sub-application
 * and feeding the shell's project picker: company → city → project, plus
 * suppliers and vehicles.
 */
const MDM = '/wwy-us-mdm/api/v1';

/** The company a city or a project belongs to. */
const companyRef = {
  label: { zh: '所属公司', en: 'Company' },
  kind: 'ref',
  ref: { resource: 'company', basePath: `${MDM}/company` },
  required: { zh: '请选择所属公司', en: 'Please choose the company' },
  search: 'eq',
} satisfies FieldDef;

export const companyResource = defineResource({
  name: 'company',
  title: { zh: '公司管理', en: 'Companies' },
  basePath: `${MDM}/company`,
  permissions: { add: 'company_add', edit: 'company_edit', delete: 'company_delete', view: 'company_view' },
  importable: { permission: 'company_import' },
  labelField: 'name',
  fields: {
    name: { label: { zh: '公司名称', en: 'Name' }, kind: 'string', required: { zh: '请输入公司名称', en: 'Please enter the company name' }, maxLength: 128, search: 'like' },
    code: { label: { zh: '公司编号', en: 'Code' }, kind: 'string', required: { zh: '请输入公司编号', en: 'Please enter the company code' }, maxLength: 64, search: 'like' },
  },
  unique: [{ field: 'code', message: { zh: '公司编号已存在', en: 'The company code already exists' } }],
});

export const cityResource = defineResource({
  name: 'city',
  title: { zh: '城市管理', en: 'Cities' },
  basePath: `${MDM}/city`,
  permissions: { add: 'city_add', edit: 'city_edit', delete: 'city_delete', view: 'city_view' },
  importable: { permission: 'city_import' },
  labelField: 'name',
  fields: {
    name: { label: { zh: '城市名称', en: 'Name' }, kind: 'string', required: { zh: '请输入城市名称', en: 'Please enter the city name' }, maxLength: 128, search: 'like' },
    code: { label: { zh: '城市编号', en: 'Code' }, kind: 'string', required: { zh: '请输入城市编号', en: 'Please enter the city code' }, maxLength: 64 },
    companyId: companyRef,
  },
});

export const projectResource = defineResource({
  name: 'project',
  title: { zh: '项目管理', en: 'Projects' },
  basePath: `${MDM}/project`,
  permissions: { add: 'project_add', edit: 'project_edit', delete: 'project_delete', view: 'project_view' },
  importable: { permission: 'project_import' },
  labelField: 'name',
  fields: {
    name: { label: { zh: '项目名称', en: 'Name' }, kind: 'string', required: { zh: '请输入项目名称', en: 'Please enter the project name' }, maxLength: 128, search: 'like' },
    tririgaCode: { label: { zh: '项目编码', en: 'Code' }, kind: 'string', maxLength: 64, search: 'like' },
    companyId: companyRef,
    cityId: {
      label: { zh: '所属城市', en: 'City' },
      kind: 'ref',
      // the cities of the chosen company (the picker's tree is company → city → project)
      ref: { resource: 'city', basePath: `${MDM}/city`, within: 'companyId' },
      required: { zh: '请选择所属城市', en: 'Please choose the city' },
      search: 'eq',
    },
    logoUrl: { label: { zh: '项目标志', en: 'Logo' }, kind: 'image', maxLength: 1000, column: false },
  },
});

export const supplierResource = defineResource({
  name: 'supplier',
  title: { zh: '供应商管理', en: 'Suppliers' },
  basePath: `${MDM}/supplier`,
  permissions: { add: 'supplier_add', edit: 'supplier_edit', delete: 'supplier_delete', view: 'supplier_view' },
  importable: { permission: 'supplier_import' },
  labelField: 'name',
  fields: {
    name: { label: { zh: '供应商名称', en: 'Name' }, kind: 'string', required: { zh: '请输入供应商名称', en: 'Please enter the supplier name' }, maxLength: 128, search: 'like' },
    code: { label: { zh: '统一社会信用代码', en: 'Credit code' }, kind: 'string', maxLength: 64, search: 'like' },
    contact: { label: { zh: '联系人', en: 'Contact' }, kind: 'string', maxLength: 64 },
    phone: { label: { zh: '联系电话', en: 'Phone' }, kind: 'string', maxLength: 32 },
    address: { label: { zh: '地址', en: 'Address' }, kind: 'text', maxLength: 255, column: false },
    remark: REMARK_FIELD,
  },
});

export const vehicleResource = defineResource({
  name: 'vehicle',
  title: { zh: '车辆管理', en: 'Vehicles' },
  basePath: `${MDM}/vehicle`,
  permissions: { add: 'vehicle_add', edit: 'vehicle_edit', delete: 'vehicle_delete', view: 'vehicle_view' },
  importable: { permission: 'vehicle_import' },
  labelField: 'plateNo',
  fields: {
    plateNo: { label: { zh: '车牌号', en: 'Plate' }, kind: 'string', required: { zh: '请输入车牌号', en: 'Please enter the plate number' }, maxLength: 16, search: 'like' },
    vehicleType: {
      label: { zh: '车辆类型', en: 'Type' },
      kind: 'select',
      required: { zh: '请选择车辆类型', en: 'Please choose the type' },
      search: 'eq',
      options: [
        { value: '1', label: { zh: '清扫车', en: 'Sweeper' } },
        { value: '2', label: { zh: '洒水车', en: 'Sprinkler' } },
        { value: '3', label: { zh: '垃圾车', en: 'Refuse truck' } },
        { value: '4', label: { zh: '巡逻车', en: 'Patrol car' } },
      ],
    },
    projectId: {
      label: { zh: '所属项目', en: 'Project' },
      kind: 'ref',
      ref: { resource: 'project', basePath: `${MDM}/project` },
      required: { zh: '请选择所属项目', en: 'Please choose the project' },
      search: 'in',
    },
    supplierId: { label: { zh: '供应商', en: 'Supplier' }, kind: 'ref', ref: { resource: 'supplier', basePath: `${MDM}/supplier` }, search: 'eq' },
    inService: { label: { zh: '在用', en: 'In service' }, kind: 'switch', default: 1 },
  },
  unique: [{ field: 'plateNo', message: { zh: '车牌号已存在', en: 'The plate number already exists' } }],
});

/** The master-data resources, in menu order. */
export const resources = [companyResource, cityResource, projectResource, supplierResource, vehicleResource];
