import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Modal, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import Modeler from 'bpmn-js/lib/Modeler';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import type { FlowModel } from '@wb/contracts/flow';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { flowApi } from '../../../features/flow/api/flow-api';
import { fitDrawing } from '../../../features/flow/viewer/fit';
import { feedback } from '../../../shared/feedback';
import { PROCESS_ID, newModelXml, readPanel } from './element-props';
import { PropertiesPanel, type DiagramElement, type ModelerServices } from './properties-panel';
import './model-designer.css';
import { useBusy } from '../../../shared/use-busy';

/**
 * The modeller (模型管理 新增 / 编辑): bpmn-js's Modeler on the whole width, with the camunda
 * moddle extension so the task attributes are written as `camunda:*`, beside a properties panel
 * of our own (properties-panel.tsx) for what the engine reads. 保存 sends the diagram with its
 * process id as the model key and its name as the model's name (model/submit). This module
 * carries bpmn-js: model-page.tsx imports it lazily.
 */
export default function ModelDesigner({ model, onClose, onSaved }: { model: FlowModel | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [services, setServices] = useState<ModelerServices | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [version, setVersion] = useState(0);
  const [failed, setFailed] = useState(false);
  const { busy, run } = useBusy();
  const [description, setDescription] = useState(model?.description ?? '');
  const initialXml = useMemo(() => model?.xml || newModelXml(`process_${Date.now().toString(36)}`, t('flow.modeler.titleNew')), [model, t]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let alive = true;
    const modeler = new Modeler({ container: element, moddleExtensions: { camunda: camundaModdle } });
    modeler
      .importXML(initialXml)
      .then(() => {
        if (!alive) return;
        const canvas = modeler.get<ModelerServices['canvas']>('canvas');
        // beside the palette, which a plain fit-viewport lays over the start event at 1024 px
        const palette = element.querySelector('.djs-palette')?.getBoundingClientRect();
        fitDrawing(canvas, { left: palette ? palette.right - element.getBoundingClientRect().left : 0 });
        setServices({
          canvas,
          modeling: modeler.get('modeling'),
          moddle: modeler.get('moddle'),
          bpmnReplace: modeler.get('bpmnReplace'),
          selection: modeler.get('selection'),
          saveXML: () => modeler.saveXML({ format: true }),
        });
      })
      .catch(() => {
        if (alive) setFailed(true);
      });
    modeler.on('selection.changed', (event: { newSelection: DiagramElement[] }) => setSelected(event.newSelection.length === 1 ? event.newSelection[0] : null));
    // every command (ours, the canvas's, undo) shows in the panel
    modeler.on('commandStack.changed', () => setVersion((v) => v + 1));
    return () => {
      alive = false;
      modeler.destroy();
    };
  }, [initialXml]);

  const root = services?.canvas.getRootElement();
  const save = useCallback(async () => {
    if (!services || !root) return;
    const process = readPanel(root.businessObject);
    if (!PROCESS_ID.test(process.id)) {
      void feedback().message.warning(t(process.id ? 'flow.modeler.processIdInvalid' : 'flow.modeler.processIdRequired'));
      services.selection.select(null);
      return;
    }
    if (!process.name.trim()) {
      void feedback().message.warning(t('flow.modeler.processNameRequired'));
      services.selection.select(null);
      return;
    }
    const saved = await run(async () => {
      const { xml } = await services.saveXML();
      await flowApi.modelSubmit({ ...(model?.id ? { id: model.id } : {}), modelKey: process.id, name: process.name.trim(), description: description.trim(), xml: xml ?? '' });
    });
    if (!saved) return;
    void feedback().message.success(t('flow.modeler.saved'));
    onSaved();
  }, [services, root, model, description, onSaved, t, run]);

  const title = model ? t('flow.modeler.titleEdit', { name: model.name }) : t('flow.modeler.titleNew');
  return (
    <Modal
      open
      title={title}
      width="calc(100vw - 32px)"
      style={{ top: 16, paddingBottom: 0 }}
      className="wb-flow-modeler"
      maskClosable={false}
      keyboard={false}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('flow.modeler.close')}</Button>
          <Button type="primary" loading={busy} disabled={!services} onClick={() => void save()}>
            {t('flow.modeler.save')}
          </Button>
        </Space>
      }
    >
      <div className="wb-flow-modeler__body">
        <div className="wb-flow-modeler__canvas" ref={container}>
          {!services && !failed && (
            <div className="wb-flow-modeler__loading">
              <Spin size="small" /> {t('flow.modeler.loading')}
            </div>
          )}
          {failed && <Alert type="error" showIcon message={t('flow.modeler.loadFailed')} className="wb-flow-modeler__loading" />}
        </div>
        <aside className="wb-flow-modeler__panel">
          {services && root && (
            <PropertiesPanel
              services={services}
              element={selected && selected.id !== root.id ? selected : root}
              version={version}
              description={description}
              onDescription={setDescription}
            />
          )}
        </aside>
      </div>
    </Modal>
  );
}
