import type { ReactNode } from 'react';
import type { ExportStatePayload } from '@wb/contracts/subapp-protocol';
import type { ColumnOverrides } from './columns';
import type { AnyRecord, AnyResourceDef } from './resource-api';

export interface ResourcePageProps {
  def: AnyResourceDef;
  /**
   * Filters the host imposes on the list and the export (the selected project:
   * `{ projectId: '1,2' }`); a change reloads the list from page 1.
   */
  fixedParams?: Record<string, string | number>;
  /**
   * More list parameters chosen beside the table (the user page's department);
   * empty values are not sent, `fixedParams` win; a change reloads from page 1.
   * Only parameters the list call declares: the server refuses others.
   */
  params?: Record<string, string | number | undefined>;
  /** values a new record starts with (the project picked in the shell: 所属项目) */
  newRecord?: Record<string, unknown>;
  /** a change reloads the list (a 'data-refresh' from the shell) */
  reloadKey?: unknown;
  /** shows 导出: `GET {basePath}/export?<current filters>` saved as a file */
  exportable?: boolean;
  /** the export's progress, to drive the shell's export indicator */
  onExportState?(state: ExportStatePayload): void;
  /** per field: changes to its generated column (render, width …) */
  columns?: ColumnOverrides;
  /** links added to each row's actions */
  rowActions?(row: AnyRecord): ReactNode[];
  /** the labels of `rowActions`' links, so the actions column is wide enough for them on one line */
  rowActionLabels?: string[];
  /** buttons added to the toolbar */
  toolbar?: ReactNode[];
  /** a panel left of the table (the user page's department tree) */
  side?: ReactNode;
  /** after 重置 of the search form (a page clears what it keeps beside the form) */
  onReset?(): void;
  /**
   * For a def with `parent`: the chosen parent row, or null while none is.
   * The list shows that parent's children; a new child takes the parent's key
   * and inherited fields. Without a parent the list stays empty and 新增 is off
   * (the page's headerTitle says what to choose).
   */
  parentRecord?: AnyRecord | null;
  /** the table's title (default: the def's) */
  headerTitle?: ReactNode;
  /** a click on a row (choosing a parent) */
  onRowClick?(row: AnyRecord): void;
  /** the row shown as chosen */
  activeRowKey?: string;
  /** after any write of this page */
  onChanged?(write: ResourceWrite): void;
  /**
   * The dialog of 新增, 编辑 and 查看 in place of the form built from the def's fields (报表管理:
   * a form of its own, and its report opened); `record` is the stored one (编辑, 查看).
   */
  form?(dialog: ResourceDialog): ReactNode;
}

/** What a page's own dialog of 新增 / 编辑 / 查看 is given. */
export interface ResourceDialog {
  mode: 'add' | 'edit' | 'view';
  record?: AnyRecord;
  onClose(): void;
  /** after a successful save, with the record as the server answered it: the list reloads */
  onSaved(saved?: AnyRecord): void;
}

/** A write a page made: what it was and the keys of the records it touched (none for an add or a toolbar action). */
export interface ResourceWrite {
  kind: 'add' | 'edit' | 'delete' | 'action' | 'import';
  ids: string[];
  /** an add's or an edit's record as the server answered it (the host may say why it is not listed) */
  record?: AnyRecord;
}
