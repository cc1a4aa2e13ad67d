/** The longest side a PNG export gets: browsers refuse much larger canvases, and such files are unwieldy. */
export const maxPngSide = 8000;

/** How much a drawing of `width` × `height` is scaled in its PNG: twice as sharp when small, never over `maxPngSide`. */
export function pngScale(width: number, height: number): number {
  return Math.min(2, maxPngSide / Math.max(width, height, 1));
}

/**
 * An SVG document (sized by its `width` and `height`) drawn into a PNG: loaded as an image from a blob URL (the CSP
 * allows `img-src blob:`), drawn onto a canvas at `pngScale`. Everything the SVG draws is in the PNG, nothing else.
 */
export async function pngFromSvg(svg: string): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = pngScale(image.naturalWidth, image.naturalHeight);
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new Error("The browser could not draw the image.");
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The browser could not draw the image."))), "image/png"),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
