/**
 * Checks a picked photo before it is previewed (issue 19): its first bytes must be a JPEG (FF D8 FF), a PNG
 * (89 50 4E 47) or a WebP (RIFF....WEBP), whatever its name says, and the browser must be able to decode it.
 */
export async function isPhoto(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await bytesOf(file.slice(0, 12)));
  const at = (i: number, bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  const magic =
    at(0, [0xff, 0xd8, 0xff]) || at(0, [0x89, 0x50, 0x4e, 0x47]) || (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50]));
  return magic && (await decodes(file));
}

/** Whether the browser can decode the image (a truncated or corrupt file cannot). */
async function decodes(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === 'function') {
    try {
      (await createImageBitmap(file)).close();
      return true;
    } catch {
      return false;
    }
  }
  const url = URL.createObjectURL(file);
  try {
    return await new Promise<boolean>((resolve) => {
      const img = new Image();
      img.onload = () => resolve(true);
      img.onerror = () => resolve(false);
      img.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A blob's bytes (FileReader where Blob.arrayBuffer is missing: older Safari, jsdom). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
