export interface Dimensions {
  width: number;
  height: number;
}

/** The first SOF marker of a JPEG (baseline, progressive, lossless and arithmetic variants). */
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegDimensions(head: Buffer): Dimensions | null {
  let offset = 2;
  while (offset + 9 <= head.length) {
    if (head[offset] !== 0xff) return null;
    const marker = head[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (JPEG_FRAME_MARKERS.has(marker)) return { height: head.readUInt16BE(offset + 5), width: head.readUInt16BE(offset + 7) };
    offset += 2 + head.readUInt16BE(offset + 2);
  }
  return null;
}

function webpDimensions(head: Buffer): Dimensions | null {
  if (head.length < 30) return null;
  const chunk = head.toString("latin1", 12, 16);
  if (chunk === "VP8 ") return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8X") return { width: 1 + head.readUIntLE(24, 3), height: 1 + head.readUIntLE(27, 3) };
  if (chunk === "VP8L") {
    const bits = head.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

/** Width and height read from the first bytes of a png, gif, jpeg or webp; null when they are not there. */
export function imageDimensions(mime: string, head: Buffer): Dimensions | null {
  const found = (() => {
    if (mime === "image/png" && head.length >= 24) return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
    if (mime === "image/gif" && head.length >= 10) return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
    if (mime === "image/jpeg") return jpegDimensions(head);
    if (mime === "image/webp") return webpDimensions(head);
    return null;
  })();
  const fits = (value: number) => Number.isInteger(value) && value > 0 && value <= 2_147_483_647;
  return found && fits(found.width) && fits(found.height) ? found : null;
}
