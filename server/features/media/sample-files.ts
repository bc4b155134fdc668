import { crc32 } from "node:zlib";

/** Smallest files of each allowed type whose magic bytes, dimensions and page counts are real: fixtures for the media tests. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function samplePng(width = 3, height = 2): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header), pngChunk("IEND", Buffer.alloc(0))]);
}

function sampleJpeg(): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x05, 0x00, 0x07, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
}

function sampleGif(): Buffer {
  return Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.from([4, 0, 6, 0, 0, 0, 0]), Buffer.from([0x3b])]);
}

function sampleWebp(): Buffer {
  const chunk = Buffer.alloc(18);
  chunk.write("VP8X", 0, "latin1");
  chunk.writeUInt32LE(10, 4);
  chunk.writeUIntLE(9, 12, 3);
  chunk.writeUIntLE(7, 15, 3);
  const riff = Buffer.alloc(12);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE(4 + chunk.length, 4);
  riff.write("WEBP", 8, "latin1");
  return Buffer.concat([riff, chunk]);
}

function sampleMp4(): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "latin1"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2", "latin1"), Buffer.alloc(64)]);
}

function sampleWebm(): Buffer {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from("webm", "latin1")]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]), docType, Buffer.alloc(64)]);
}

function sampleOgg(): Buffer {
  const page = Buffer.alloc(28);
  page.write("OggS", 0, "latin1");
  page[5] = 0x02;
  page[26] = 1;
  page[27] = 42;
  return Buffer.concat([page, Buffer.from("\x80theora", "latin1"), Buffer.alloc(64)]);
}

export function samplePdf(pages = 2): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(" ");
  const pageObjects = Array.from({ length: pages }, (_, index) => `${index + 3} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n`).join("");
  return Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${pages} >>\nendobj\n${pageObjects}trailer\n<< /Root 1 0 R >>\n%%EOF\n`, "latin1");
}

function sampleCfb(): Buffer {
  return Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512 - 8)]);
}

/** A zip of stored (uncompressed) entries. */
export function sampleZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${type}"/></Types>`;
const office = (part: string, type: string) => sampleZip({ "[Content_Types].xml": contentTypes(part, type), [part]: "<x/>" });

/** One sample per allowed extension, with what the library should learn from it. */
export const SAMPLE_FILES = {
  png: { bytes: samplePng(), dimensions: { width: 3, height: 2 } },
  jpg: { bytes: sampleJpeg(), dimensions: { width: 7, height: 5 } },
  jpeg: { bytes: sampleJpeg(), dimensions: { width: 7, height: 5 } },
  gif: { bytes: sampleGif(), dimensions: { width: 4, height: 6 } },
  webp: { bytes: sampleWebp(), dimensions: { width: 10, height: 8 } },
  mp4: { bytes: sampleMp4() },
  webm: { bytes: sampleWebm() },
  ogg: { bytes: sampleOgg() },
  pdf: { bytes: samplePdf(2), pageCount: 2 },
  doc: { bytes: sampleCfb() },
  xls: { bytes: sampleCfb() },
  ppt: { bytes: sampleCfb() },
  docx: { bytes: office("word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml") },
  xlsx: { bytes: office("xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml") },
  pptx: { bytes: office("ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml") },
} satisfies Record<string, { bytes: Buffer; dimensions?: { width: number; height: number }; pageCount?: number }>;
