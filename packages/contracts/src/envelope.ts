/** The response envelope of every JSON call (docs/architecture.md, 'A request through the server'). */
export interface R<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const MSG_SUCCESS = '操作成功';
export const MSG_FAILURE = '操作失败';
export const MSG_NO_DATA = '暂无承载数据';
