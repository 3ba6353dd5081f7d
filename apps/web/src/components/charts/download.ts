/**
 * PNG download of a chart. Chart canvases are transparent; the export paints the page surface
 * colour behind them so the image reads the same outside the app (and in either theme).
 */
export function canvasToPng(source: HTMLCanvasElement, background: string, title?: string): Promise<Blob> {
  const titleHeight = title ? Math.round(28 * (source.width / Math.max(1, source.clientWidth || source.width))) : 0;
  const out = document.createElement('canvas');
  out.width = source.width;
  out.height = source.height + titleHeight;
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas 2d context unavailable'));
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  if (title) {
    ctx.fillStyle = getComputedStyle(source).color || '#000';
    ctx.font = `600 ${Math.round(titleHeight * 0.55)}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';
    ctx.fillText(title, 8, titleHeight / 2);
  }
  ctx.drawImage(source, 0, titleHeight);
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}

/** Renders an inline SVG (the sleep stage bar) to PNG; styles must be inline attributes. */
export async function svgToPng(svg: SVGSVGElement, background: string, scale = 2): Promise<Blob> {
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(clone)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('SVG could not be rendered'));
      img.src = url;
    });
    const out = document.createElement('canvas');
    out.width = Math.ceil(width * scale);
    out.height = Math.ceil(height * scale);
    const ctx = out.getContext('2d');
    if (!ctx) throw new Error('canvas 2d context unavailable');
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.drawImage(img, 0, 0, out.width, out.height);
    return await new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
