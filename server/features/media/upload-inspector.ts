import { fileTypeFromBuffer, type FileTypeResult } from "file-type";
import { Transform, type TransformCallback } from "node:stream";
import { ALLOWED_UPLOADS, MAX_UPLOAD_BYTES, MEDIA_MESSAGES, type AllowedExtension } from "../../../common/contracts/media";
import { AppError } from "../../errors";
import { imageDimensions, type Dimensions } from "./image-dimensions";

/** file-type needs 4100 bytes; image headers (a JPEG's frame after its EXIF block) may sit further in. */
const SNIFF_BYTES = 4100;
const HEAD_BYTES = 64 * 1024;
/** A page object in a PDF (not the `/Pages` tree nodes); compressed object streams hide them. */
const PDF_PAGE = /\/Type\s*\/Page(?![A-Za-z])/g;
const PDF_CARRY = 32;

const OFFICE_ZIP = new Set<AllowedExtension>(["docx", "xlsx", "pptx"]);
const OFFICE_CFB = new Set<AllowedExtension>(["doc", "xls", "ppt"]);

/**
 * Whether detected magic bytes agree with the extension. Old Office files all read as `cfb`; new ones
 * may read as plain `zip` from the first bytes, which `needsRecheck` then settles on the stored file.
 */
export function magicAgrees(extension: AllowedExtension, detected: FileTypeResult | undefined, final = false): boolean {
  if (!detected) return false;
  const expected = ALLOWED_UPLOADS[extension].type;
  if (detected.mime === expected) return true;
  if (OFFICE_CFB.has(extension)) return detected.ext === "cfb";
  if (OFFICE_ZIP.has(extension)) return !final && detected.ext === "zip";
  if (extension === "ogg" || extension === "ogv") return detected.mime === "audio/ogg" || detected.mime === "video/ogg";
  return false;
}

export interface InspectedUpload {
  size: number;
  dimensions: Dimensions | null;
  pageCount: number | null;
  /** A new Office file that read as plain zip: check the stored whole. */
  needsRecheck: boolean;
}

/**
 * Passes an upload through on its way to storage, holding back only its first bytes until their magic
 * bytes agree with the extension. Fails the stream with 415 or 413 (the spec's texts) at the first byte
 * that breaks a rule, so a refused upload never completes in storage.
 */
export class UploadInspector extends Transform {
  // Not `size`: the S3 uploader reads a body's `size` as its total length.
  private received = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private verified = false;
  private needsRecheck = false;
  private pdfPages = 0;
  private pdfCarry = "";
  private readonly limit: number;

  constructor(private readonly extension: AllowedExtension) {
    super();
    this.limit = MAX_UPLOAD_BYTES[ALLOWED_UPLOADS[extension].kind];
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.limit) return callback(new AppError("PAYLOAD_TOO_LARGE", MEDIA_MESSAGES.tooLarge(ALLOWED_UPLOADS[this.extension].kind)));
    if (this.headLength < HEAD_BYTES) {
      this.head.push(chunk);
      this.headLength += chunk.length;
    }
    if (this.extension === "pdf") this.countPdfPages(chunk);
    if (this.verified) return callback(null, chunk);
    if (this.headLength < SNIFF_BYTES) return callback();
    this.verify().then(() => callback(null, Buffer.concat(this.head)), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.verified) return callback();
    this.verify().then(() => callback(null, Buffer.concat(this.head)), callback);
  }

  private async verify(): Promise<void> {
    const detected = await fileTypeFromBuffer(Buffer.concat(this.head));
    if (!magicAgrees(this.extension, detected)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", MEDIA_MESSAGES.invalidType);
    this.needsRecheck = detected?.ext === "zip";
    this.verified = true;
  }

  private countPdfPages(chunk: Buffer): void {
    const text = this.pdfCarry + chunk.toString("latin1");
    for (const match of text.matchAll(PDF_PAGE)) {
      // Matches wholly inside the carried tail were counted with the previous chunk.
      if (match.index + match[0].length > this.pdfCarry.length) this.pdfPages += 1;
    }
    this.pdfCarry = text.slice(-PDF_CARRY);
  }

  /** What was learned once the stream has ended. */
  result(): InspectedUpload {
    const head = Buffer.concat(this.head);
    const kind = ALLOWED_UPLOADS[this.extension];
    return {
      size: this.received,
      dimensions: kind.kind === "image" ? imageDimensions(kind.type, head) : null,
      pageCount: this.extension === "pdf" && this.pdfPages > 0 ? this.pdfPages : null,
      needsRecheck: this.needsRecheck,
    };
  }
}
