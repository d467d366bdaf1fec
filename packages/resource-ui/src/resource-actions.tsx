import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import type { ActionDef } from '@wb/contracts/resource';
import { ActionFormDialog } from './action-dialogs';
import { revealOnce } from './reveal';
import { showReport } from './report';
import type { ResourceHost } from './host';
import type { AnyRecord, AnyResourceDef, ResourceApi } from './resource-api';
import type { ResourceKeys } from './resource-i18n';

interface Options {
  def: AnyResourceDef;
  api: ResourceApi;
  host: ResourceHost;
  keys: ResourceKeys;
  t(key: string, options?: Record<string, unknown>): string;
  /** the rows chosen in the table: what 'selection' actions act on */
  selected: string[];
  /** after an action succeeded, with the ids it acted on */
  onDone(ids: string[]): void;
}

/**
 * The def's custom actions the user may run: toolbar buttons ('selection',
 * 'toolbar'), row links ('row'), and the dialog one of them has open. An
 * action asks its `confirm` first, then opens its dialog (fields) or
 * calls its route directly.
 */
export function useResourceActions({ def, api, host, keys, t, selected, onDone }: Options) {
  const [open, setOpen] = useState<{ action: ActionDef; ids: string[] } | null>(null);
  const allowed = (def.actions ?? []).filter((action) => host.can(action.permission));

  const send = async (action: ActionDef, ids: string[], payload?: Record<string, unknown>) => {
    const answer = await api.action(action, ids, payload);
    if (action.reveal) revealOnce(host, def, answer);
    // a check says what it found in its report, whatever the outcome
    if (action.report) showReport(host, answer);
    else void host.feedback().message.success(action.done ? t(keys.action(action.name).done) : t('crud.done'));
    setOpen(null);
    onDone(ids);
  };

  /** Resolves when the call is over, either way: a confirm's OK button spins until then. */
  const proceed = async (action: ActionDef, ids: string[]) => {
    if (action.fields) {
      setOpen({ action, ids });
      return;
    }
    await send(action, ids).catch(() => {
      // the host's request client has shown why
    });
  };

  const trigger = (action: ActionDef, ids: string[]) => {
    if (action.on === 'selection' && ids.length === 0) {
      void host.feedback().message.warning(t('crud.selectOne'));
      return;
    }
    if (!action.confirm) {
      void proceed(action, ids);
      return;
    }
    host.feedback().modal.confirm({
      title: t('common.confirmTitle'),
      content: t(keys.action(action.name).confirm),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => proceed(action, ids),
    });
  };

  const toolbar: ReactNode[] = allowed
    .filter((action) => action.on !== 'row')
    .map((action) => (
      <Button key={`action-${action.name}`} onClick={() => trigger(action, action.on === 'selection' ? selected : [])}>
        {t(keys.action(action.name).label)}
      </Button>
    ));

  const rowLinks = (row: AnyRecord): ReactNode[] =>
    allowed
      .filter((action) => action.on === 'row')
      .map((action) => (
        <a key={`action-${action.name}`} onClick={() => trigger(action, [row.id])}>
          {t(keys.action(action.name).label)}
        </a>
      ));

  const dialogProps = open && {
    formName: `${def.name}-${open.action.name}-form`,
    action: open.action,
    keys,
    t,
    submit: (payload: Record<string, unknown>) => send(open.action, open.ids, payload),
    onClose: () => setOpen(null),
  };
  const dialog = dialogProps && <ActionFormDialog {...dialogProps} />;

  return {
    toolbar,
    rowLinks,
    dialog,
    /** whether the table needs row selection for these actions */
    selects: allowed.some((action) => action.on === 'selection'),
    rowLabels: allowed.filter((action) => action.on === 'row').map((action) => t(keys.action(action.name).label)),
  };
}
