import { i18n } from '../../shared/i18n/i18n';

/** Texts of the download / upload drawer, registered with its chunk. */
const zh = {
  downloads: {
    title: '下载/上传中心',
    download: '下载中心',
    upload: '上传中心',
    empty: '暂无任务',
    uploadEmpty: '暂无导入记录',
    running: '导出中',
    failed: '导出失败',
    save: '下载',
    finishedAt: '完成于 {{time}}',
    importing: '导入中',
    importFailed: '导入失败',
    importCompleted: '导入完成',
    importCounts: '成功 {{success}} / 失败 {{failed}} / 共 {{total}}',
    errorFile: '下载错误文件',
  },
};

const en = {
  downloads: {
    title: 'Downloads and uploads',
    download: 'Downloads',
    upload: 'Uploads',
    empty: 'Nothing here yet',
    uploadEmpty: 'No imports yet',
    running: 'Exporting',
    failed: 'Export failed',
    save: 'Download',
    finishedAt: 'Finished {{time}}',
    importing: 'Importing',
    importFailed: 'Import failed',
    importCompleted: 'Import completed',
    importCounts: '{{success}} imported / {{failed}} refused / {{total}} rows',
    errorFile: 'Download the error file',
  },
};

i18n.addResourceBundle('zh', 'translation', zh, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
