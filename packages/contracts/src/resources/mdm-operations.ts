import { defineResource, type FieldDef, zhEn, REMARK_FIELD } from '../resource';

/**
 * The master data of the work on site (主数据, shown by the coredata sub-application beside
 * companies, cities, projects, suppliers and vehicles): the people of each company, the grids a
 * project is divided into, its facilities, the job locations in its grids, and its IoT devices.
 * Everything here belongs to a project, so the shell's project picker filters every list by
 * `projectId`.
 */
const MDM = '/wwy-us-mdm/api/v1';
const crud = (code: string) => ({ add: `${code}_add`, edit: `${code}_edit`, delete: `${code}_delete`, view: `${code}_view` });
const options = (...labels: [zh: string, en: string][]) => labels.map(([zh, en], i) => ({ value: String(i + 1), label: zhEn(zh, en) }));

const projectRef = {
  label: zhEn('所属项目', 'Project'),
  kind: 'ref',
  ref: { resource: 'project', basePath: `${MDM}/project` },
  required: zhEn('请选择所属项目', 'Please choose the project'),
  // 'in': the picker's node stands for one project or all of a company's or a city's
  search: 'in',
} satisfies FieldDef;
const companyRef = {
  label: zhEn('所属公司', 'Company'),
  kind: 'ref',
  ref: { resource: 'company', basePath: `${MDM}/company` },
  required: zhEn('请选择所属公司', 'Please choose the company'),
  search: 'eq',
} satisfies FieldDef;
const personRef = (zh: string, en: string): FieldDef => ({ label: zhEn(zh, en), kind: 'ref', ref: { resource: 'mdmUser', basePath: `${MDM}/user` } });
const inService: FieldDef = { label: zhEn('在用', 'In service'), kind: 'switch', default: 1, width: 80 };
const code = (zh: string, en: string, maxLength = 64): FieldDef => ({
  label: zhEn(zh, en),
  kind: 'string',
  required: zhEn(`请输入${zh}`, `Please enter the ${en.toLowerCase()}`),
  maxLength,
  search: 'like',
});

/** What the server refuses beyond the fields' own rules (modules/mdm/operations.ts). */
export const MDM_OPERATION_MESSAGES = {
  projectOfCompany: zhEn('所属项目不属于所属公司', 'The project does not belong to the company'),
  gridOfProject: zhEn('所属网格不属于所属项目', 'The grid does not belong to the project'),
  facilityOfProject: zhEn('所在设施不属于所属项目', 'The facility does not belong to the project'),
  longitude: zhEn('经度须为 -180 到 180 之间的数字', 'The longitude is a number from -180 to 180'),
  latitude: zhEn('纬度须为 -90 到 90 之间的数字', 'The latitude is a number from -90 to 90'),
  gridMoved: zhEn('网格下已有作业点位, 不能更换所属项目', 'The grid has job locations: its project cannot change'),
  facilityMoved: zhEn('设施上已有物联设备, 不能更换所属项目', 'The facility has devices: its project cannot change'),
} as const;

/** 人员管理: the people on the ground (cleaners, grid workers, drivers …), the refs of grids and facilities. */
export const mdmUserResource = defineResource({
  name: 'mdmUser',
  title: zhEn('人员管理', 'Staff'),
  basePath: `${MDM}/user`,
  permissions: crud('mdmUser'),
  importable: { permission: 'mdmUser_import' },
  labelField: 'name',
  fields: {
    name: { label: zhEn('姓名', 'Name'), kind: 'string', required: zhEn('请输入姓名', 'Please enter the name'), maxLength: 64, search: 'like' },
    jobNo: code('工号', 'Job number', 32),
    // a mobile number: the form and the server check it by the same rule (field-rules.ts)
    phone: { label: zhEn('手机号码', 'Phone'), kind: 'string', required: zhEn('手机号码不能为空', 'Please enter the phone'), maxLength: 11, search: 'like', format: 'phone' },
    // the system dictionary the users' sex takes: 3 未知 until someone knows
    gender: { label: zhEn('性别', 'Gender'), kind: 'dict', dict: { code: 'sex' }, default: '3', width: 70 },
    companyId: companyRef,
    // empty: the company's own staff, on no project
    projectId: { ...projectRef, required: undefined },
    postType: {
      label: zhEn('岗位', 'Post'),
      kind: 'select',
      required: zhEn('请选择岗位', 'Please choose the post'),
      search: 'eq',
      options: options(
        ['项目经理', 'Project manager'],
        ['网格员', 'Grid worker'],
        ['保洁员', 'Cleaner'],
        ['绿化工', 'Gardener'],
        ['巡查员', 'Inspector'],
        ['司机', 'Driver'],
        ['维修工', 'Technician'],
        ['安保员', 'Security guard'],
      ),
    },
    workStatus: {
      label: zhEn('在职状态', 'Employment'),
      kind: 'select',
      required: zhEn('请选择在职状态', 'Please choose the employment status'),
      default: '1',
      search: 'eq',
      options: options(['在职', 'Employed'], ['休假', 'On leave'], ['离职', 'Left']),
      width: 90,
    },
    remark: REMARK_FIELD,
  },
  unique: [{ field: 'jobNo', message: zhEn('工号已存在', 'The job number already exists') }],
});

/** 网格管理: the areas a project is divided into, each looked after by one team under its grid leader. */
export const gridResource = defineResource({
  name: 'grid',
  title: zhEn('网格管理', 'Grids'),
  basePath: `${MDM}/grid`,
  permissions: crud('grid'),
  importable: { permission: 'grid_import' },
  labelField: 'name',
  fields: {
    name: { label: zhEn('网格名称', 'Name'), kind: 'string', required: zhEn('请输入网格名称', 'Please enter the grid name'), maxLength: 128, search: 'like' },
    code: code('网格编号', 'Grid code'),
    gridType: {
      label: zhEn('网格类型', 'Type'),
      kind: 'select',
      required: zhEn('请选择网格类型', 'Please choose the type'),
      search: 'eq',
      options: options(['保洁网格', 'Cleaning'], ['绿化网格', 'Greening'], ['巡查网格', 'Patrol'], ['综合网格', 'Comprehensive']),
    },
    projectId: projectRef,
    // the street (or district) of the platform's regions the grid lies in
    regionCode: { label: zhEn('所属区划', 'Region'), kind: 'ref', ref: { resource: 'region', basePath: '/us-system/region', tree: true }, search: 'eq' },
    area: { label: zhEn('面积(㎡)', 'Area (m²)'), kind: 'number', max: 100_000_000, width: 100 },
    managerId: personRef('网格长', 'Grid leader'),
    remark: REMARK_FIELD,
  },
  unique: [{ field: 'code', message: zhEn('网格编号已存在', 'The grid code already exists') }],
});

/** 设施管理: a project's fixed installations; the company is the project's, kept by the server. */
export const facilityResource = defineResource({
  name: 'facility',
  title: zhEn('设施管理', 'Facilities'),
  basePath: `${MDM}/facility`,
  permissions: crud('facility'),
  importable: { permission: 'facility_import' },
  labelField: 'name',
  fields: {
    name: { label: zhEn('设施名称', 'Name'), kind: 'string', required: zhEn('请输入设施名称', 'Please enter the facility name'), maxLength: 128, search: 'like' },
    code: code('设施编号', 'Facility code'),
    facilityType: {
      label: zhEn('设施类型', 'Type'),
      kind: 'select',
      required: zhEn('请选择设施类型', 'Please choose the type'),
      search: 'eq',
      options: options(
        ['公共厕所', 'Public toilet'],
        ['垃圾转运站', 'Refuse transfer station'],
        ['垃圾收集点', 'Refuse collection point'],
        ['泵站', 'Pump station'],
        ['配电房', 'Power room'],
        ['消防设施', 'Fire equipment'],
        ['停车场', 'Car park'],
        ['其他', 'Other'],
      ),
    },
    projectId: projectRef,
    companyId: { ...companyRef, required: undefined, readonly: true, form: false },
    managerId: personRef('负责人', 'Person in charge'),
    address: { label: zhEn('地址', 'Address'), kind: 'string', maxLength: 255, column: false },
    inService,
    remark: REMARK_FIELD,
  },
  unique: [{ field: 'code', message: zhEn('设施编号已存在', 'The facility code already exists') }],
});

/** 作业点位: the places in a grid where work is done and checked. */
export const jobLocationResource = defineResource({
  name: 'jobLocation',
  title: zhEn('作业点位', 'Job locations'),
  basePath: `${MDM}/job-location`,
  permissions: crud('jobLocation'),
  importable: { permission: 'jobLocation_import' },
  labelField: 'name',
  fields: {
    name: { label: zhEn('点位名称', 'Name'), kind: 'string', required: zhEn('请输入点位名称', 'Please enter the location name'), maxLength: 128, search: 'like' },
    code: code('点位编号', 'Location code'),
    pointType: {
      label: zhEn('点位类型', 'Type'),
      kind: 'select',
      required: zhEn('请选择点位类型', 'Please choose the type'),
      search: 'eq',
      options: options(['清扫点', 'Sweeping'], ['垃圾收集点', 'Refuse collection'], ['巡查点', 'Patrol checkpoint'], ['绿化养护点', 'Greening'], ['设施巡检点', 'Facility inspection']),
    },
    projectId: projectRef,
    gridId: {
      label: zhEn('所属网格', 'Grid'),
      kind: 'ref',
      // the grids of the chosen project
      ref: { resource: 'grid', basePath: `${MDM}/grid`, within: 'projectId' },
      required: zhEn('请选择所属网格', 'Please choose the grid'),
      search: 'eq',
    },
    // text, as a map pick gives them: WGS-84 degrees with up to 6 decimals
    longitude: { label: zhEn('经度', 'Longitude'), kind: 'string', maxLength: 16, width: 110 },
    latitude: { label: zhEn('纬度', 'Latitude'), kind: 'string', maxLength: 16, width: 110 },
    address: { label: zhEn('地址', 'Address'), kind: 'string', maxLength: 255, column: false },
    remark: REMARK_FIELD,
  },
  unique: [{ field: 'code', message: zhEn('点位编号已存在', 'The location code already exists') }],
});

/** 物联设备: a project's connected devices, counted with its vehicles against its subscription's devices. */
export const iotResource = defineResource({
  name: 'iot',
  title: zhEn('物联设备', 'IoT devices'),
  basePath: `${MDM}/iot`,
  permissions: crud('iot'),
  importable: { permission: 'iot_import' },
  labelField: 'name',
  fields: {
    name: { label: zhEn('设备名称', 'Name'), kind: 'string', required: zhEn('请输入设备名称', 'Please enter the device name'), maxLength: 128, search: 'like' },
    deviceCode: code('设备编号', 'Device code'),
    deviceType: {
      label: zhEn('设备类型', 'Type'),
      kind: 'select',
      required: zhEn('请选择设备类型', 'Please choose the type'),
      search: 'eq',
      options: options(
        ['视频监控', 'Camera'],
        ['环境监测', 'Environment sensor'],
        ['满溢检测', 'Fill-level sensor'],
        ['水质监测', 'Water quality sensor'],
        ['智能电表', 'Smart meter'],
        ['门禁', 'Access control'],
        ['烟感', 'Smoke detector'],
        ['车载终端', 'Vehicle terminal'],
      ),
    },
    projectId: projectRef,
    facilityId: { label: zhEn('所在设施', 'Facility'), kind: 'ref', ref: { resource: 'facility', basePath: `${MDM}/facility` }, search: 'eq' },
    supplierId: { label: zhEn('供应商', 'Supplier'), kind: 'ref', ref: { resource: 'supplier', basePath: `${MDM}/supplier` }, search: 'eq' },
    protocol: {
      label: zhEn('通信方式', 'Network'),
      kind: 'select',
      required: zhEn('请选择通信方式', 'Please choose the network'),
      options: options(['NB-IoT', 'NB-IoT'], ['4G', '4G'], ['LoRa', 'LoRa'], ['有线', 'Wired']),
      width: 90,
    },
    location: { label: zhEn('安装位置', 'Location'), kind: 'string', maxLength: 255, column: false },
    inService,
  },
  unique: [{ field: 'deviceCode', message: zhEn('设备编号已存在', 'The device code already exists') }],
});

/** In the order of the sub-app's menu (设施, 网格, 物联设备, 作业点位, 人员). */
export const resources = [facilityResource, gridResource, iotResource, jobLocationResource, mdmUserResource];
