import { i18n } from '../../shared/i18n/i18n';

/** Texts of 资源管理's own pages and of 报表管理, registered when the first of them loads. */
const zh = {
  resourceCenter: {
    smsConfigs: '短信配置',
    smsSent: '发送记录',
    upload: '上传附件',
    uploaded: '上传成功',
    download: '下载',
  },
  report: {
    missing: '报表的数据已不存在',
    chart: '图表',
    count: '数量',
    empty: '没有数据',
  },
};

const en: typeof zh = {
  resourceCenter: {
    smsConfigs: 'Providers',
    smsSent: 'Messages sent',
    upload: 'Upload',
    uploaded: 'Uploaded',
    download: 'Download',
  },
  report: {
    missing: 'The report’s data no longer exists',
    chart: 'Chart',
    count: 'Count',
    empty: 'No data',
  },
};

i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
