import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import type { FlowHistory } from '@wb/contracts/flow';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import { DONE_MARKER, OPEN_MARKER, marksOf } from './marks';
import { fitDrawing, type ViewboxCanvas } from './fit';
import '../flow-texts';
import './flow-viewer.css';

/** The colours of the marks (flow-viewer.css has the same): done green, open orange. */
export const DONE_COLOUR = '#52c41a';
export const OPEN_COLOUR = '#fa8c16';

interface Element {
  id: string;
  type: string;
  waypoints?: unknown;
  di?: { set(name: string, value: string): void };
}
interface Canvas extends ViewboxCanvas {
  addMarker(id: string, marker: string): void;
  resized(): void;
}

/** Room below the drawing for the legend. */
const LEGEND = 24;

interface Registry {
  get(id: string): Element | undefined;
  getGraphics(element: Element): SVGElement;
}
interface GraphicsFactory {
  update(type: 'shape' | 'connection', element: Element, gfx: SVGElement): void;
}

/**
 * A process diagram drawn by bpmn-js's NavigatedViewer (pan with the mouse, zoom with the wheel),
 * the elements the instance went through marked done and the tasks it waits on marked open: a
 * canvas marker each (flow-viewer.css tints them) and the element's stroke in the mark's colour,
 * so the arrowheads of the taken flows follow. This module carries bpmn-js: import it lazily.
 */
export default function FlowDiagram({ xml, flow, height = 360 }: { xml: string; flow?: FlowHistory[]; height?: number }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const marksKey = JSON.stringify(marksOf(flow));

  useEffect(() => {
    const element = container.current;
    if (!element || !xml) return;
    let alive = true;
    setState('loading');
    const viewer = new NavigatedViewer({ container: element });
    const canvas = viewer.get<Canvas>('canvas');
    // fitted to the container whenever its size changes (a dialog opening, a hidden tab shown
    // again, the window resized) until the user pans or zooms it
    let imported = false;
    let moved = false;
    const fit = () => {
      if (!alive || !imported || moved || element.clientWidth === 0 || element.clientHeight === 0) return;
      canvas.resized();
      fitDrawing(canvas, { bottom: LEGEND });
    };
    const observer = new ResizeObserver(() => requestAnimationFrame(fit));
    observer.observe(element);
    const interacted = () => {
      moved = true;
    };
    element.addEventListener('wheel', interacted, { passive: true });
    element.addEventListener('mousedown', interacted);
    viewer
      .importXML(xml)
      .then(() => {
        if (!alive) return;
        const registry = viewer.get<Registry>('elementRegistry');
        const graphics = viewer.get<GraphicsFactory>('graphicsFactory');
        const marks = JSON.parse(marksKey) as ReturnType<typeof marksOf>;
        const paint = (ids: string[], marker: string, colour: string) => {
          for (const id of ids) {
            const shape = registry.get(id);
            if (!shape) continue;
            canvas.addMarker(id, marker);
            if (shape.di) {
              shape.di.set('color:border-color', colour);
              graphics.update(shape.waypoints ? 'connection' : 'shape', shape, registry.getGraphics(shape));
            }
          }
        };
        paint(marks.done, DONE_MARKER, DONE_COLOUR);
        paint(marks.open, OPEN_MARKER, OPEN_COLOUR);
        imported = true;
        fit();
        setState('ready');
      })
      .catch(() => {
        if (alive) setState('failed');
      });
    return () => {
      alive = false;
      observer.disconnect();
      element.removeEventListener('wheel', interacted);
      element.removeEventListener('mousedown', interacted);
      viewer.destroy();
    };
  }, [xml, marksKey]);

  return (
    <div className="wb-flow-diagram" style={{ height }}>
      <div ref={container} className="wb-flow-diagram__canvas" data-state={state} />
      {state === 'loading' && (
        <div className="wb-flow-diagram__spin">
          <Spin size="small" /> {t('flow.viewer.loading')}
        </div>
      )}
      {state === 'failed' && <Alert className="wb-flow-diagram__failed" type="warning" showIcon message={t('flow.viewer.failed')} />}
      <div className="wb-flow-diagram__legend">
        <span className="wb-flow-legend wb-flow-legend--done">{t('flow.viewer.legendDone')}</span>
        <span className="wb-flow-legend wb-flow-legend--open">{t('flow.viewer.legendOpen')}</span>
      </div>
    </div>
  );
}
