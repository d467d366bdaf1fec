/**
 * English labels of the seeded dictionaries (column dict_value_en), by code: the
 * dictionary's name and its items' by key. Kept beside seed-data.ts's Chinese ones so
 * that each stays one list; a tenant edits both on the dictionary pages afterwards.
 */
export const dictionaryEn: Record<string, { name: string; items: Record<string, string> }> = {
  sex: { name: 'Gender', items: { '1': 'Male', '2': 'Female', '3': 'Unknown' } },
  notice: {
    name: 'Notice type',
    items: { '1': 'Release', '2': 'Approval', '3': 'Forwarded', '4': 'Instruction', '5': 'Appointment', '6': 'Affairs', '7': 'Meeting' },
  },
  menu_category: { name: 'Menu type', items: { '1': 'Menu', '2': 'Button' } },
  button_func: { name: 'Button function', items: { '1': 'Toolbar', '2': 'Row actions', '3': 'Toolbar and row' } },
  yes_no: { name: 'Yes/no', items: { '0': 'No', '1': 'Yes' } },
  data_scope_type: {
    name: 'Data scope',
    items: { '1': 'Everyone', '2': 'Own only', '3': 'Own department', '4': 'Own department and below', '5': 'Custom' },
  },
  api_scope_type: { name: 'API scope', items: { '1': 'System API', '2': 'Business API' } },
  post_category: { name: 'Post type', items: { '1': 'Senior', '2': 'Middle', '3': 'Junior', '4': 'Other' } },
  org_category: { name: 'Organisation type', items: { '1': 'Company', '2': 'Department', '3': 'Team' } },
  oss: { name: 'Object storage', items: { '0': 'Local disk', '1': 'MinIO', '2': 'Qiniu', '3': 'Aliyun', '4': 'Tencent' } },
  sms: { name: 'SMS service', items: { '1': 'Yunpian', '2': 'Qiniu', '3': 'Aliyun', '4': 'Tencent' } },
  region: { name: 'Region level', items: { '0': 'Country', '1': 'Province/municipality', '2': 'City', '3': 'District/county', '4': 'Town', '5': 'Village' } },
  flow: { name: 'Process type', items: { '1': 'Leave', '2': 'Expenses' } },
  user_type: { name: 'User platform', items: { '1': 'Web', '2': 'App', '3': 'Other' } },
  work_order_level: { name: 'Work-order level', items: { '1': 'Normal', '2': 'Urgent', '3': 'Critical' } },
  facility_type: { name: 'Facility type', items: { '1': 'Bin', '2': 'Public toilet', '3': 'Street light', '4': 'Manhole cover' } },
};
