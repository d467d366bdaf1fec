/** What bpmn-js's canvas offers for placing the drawing (diagram-js Canvas). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface ViewboxCanvas {
  viewbox(box?: Box): { inner: Box; outer: Box };
}

/** Room around the drawing. */
const MARGIN = 16;

/**
 * The whole drawing centred in what is left of the canvas beside `reserved` screen pixels
 * (the viewer's legend below, the modeller's palette on the left, which bpmn-js's own
 * fit-viewport lays over the start event on a narrow screen), never zoomed in past 1.
 */
export function fitDrawing(canvas: ViewboxCanvas, reserved: { left?: number; bottom?: number } = {}): void {
  const { inner, outer } = canvas.viewbox();
  if (!inner.width || !inner.height) return;
  const left = reserved.left ?? 0;
  const bottom = reserved.bottom ?? 0;
  const room = { width: outer.width - 2 * MARGIN - left, height: outer.height - 2 * MARGIN - bottom };
  const scale = Math.min(1, room.width / inner.width, room.height / inner.height);
  const width = outer.width / scale;
  const height = outer.height / scale;
  canvas.viewbox({
    x: inner.x - (left + MARGIN + (room.width - inner.width * scale) / 2) / scale,
    y: inner.y - (MARGIN + (room.height - inner.height * scale) / 2) / scale,
    width,
    height,
  });
}
