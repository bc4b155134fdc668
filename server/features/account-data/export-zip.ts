import { PassThrough, Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { FileStore } from "../../files/file-store";
import type { ExportContext, ExportSection } from "../../personal-data/declaration";
import { exportDocument } from "./export-document";
import { listUploadedFiles, zipPathOf } from "../media/uploaded-files";

const README = `This archive holds everything the community keeps about your account.

data.json  your profile, sign-in methods and sessions, subscription and invoices, posts, replies,
           likes, flags, session RSVPs, uploads, audit log entries about you or by you, mail we
           sent you, invitations, call requests and earlier exports.
files/     the files you uploaded to the media library, named <id>-<name> as listed under
           "uploads" in data.json.

Passwords, sign-in tokens and two-factor secrets are never exported. Neither are the answers kept
for 24 hours to repeat a post, reply, upload or checkout sent again with the same Idempotency-Key:
each repeats an item listed in data.json.
`;

/**
 * The export as a zip stream: README.txt, data.json (written as its rows are read) and each uploaded
 * file, one after the other. Nothing is held whole in memory; a failing read ends the stream with
 * that error, so a download or a stored export is never silently cut short.
 */
export async function exportZip(context: ExportContext, sections: readonly ExportSection[], files: FileStore, exportedAt = new Date()): Promise<Readable> {
  const uploads = await listUploadedFiles(context.db, context.userId);
  const present = [];
  for (const upload of uploads) {
    if (await files.stat(upload.fileKey)) present.push(upload);
  }
  const zip = new ZipFile();
  const output = new PassThrough();
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on("error", fail);
  const watched = (stream: Readable) => stream.once("error", fail);
  const mtime = exportedAt;

  zip.addBuffer(Buffer.from(README), "README.txt", { mtime });
  zip.addReadStreamLazy("data.json", { mtime }, (done) => done(null, watched(Readable.from(exportDocument(context, sections, exportedAt)))));
  for (const upload of present) {
    // Stored files are mostly compressed already (images, video, office formats): stored as they are.
    zip.addReadStreamLazy(zipPathOf(upload), { mtime, compress: false }, (done) => {
      files.read(upload.fileKey).then((stream) => done(null, watched(stream)), fail);
    });
  }
  zip.end();
  (zip.outputStream as Readable).once("error", fail).pipe(output);
  return output;
}
