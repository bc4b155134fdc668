// Not part of npm run bench (run it alone): the memory a large data export costs while it streams.
//   node --expose-gc --import tsx bench/account-export-memory.bench.ts             (PGlite)
//   TEST_DB=postgres TEST_DATABASE_URL=postgres://… node --expose-gc --import tsx bench/account-export-memory.bench.ts
// A member with 50,000 posts and a 40 MB uploaded video; the zip is written to a sink, and the peak
// heap and resident memory above the start are printed (server/features/account-data/README.md).
// PGlite needs the migrated snapshot the API tests build (.tmp/pglite-template.tar).
import { randomBytes } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { exportSectionsOf } from "../server/features/account-data/export-document";
import { exportZip } from "../server/features/account-data/export-zip";
import { mediaItems } from "../server/features/media/media.table";
import { newFileKey } from "../server/files/file-store";
import { personalDataDeclarations } from "../server/personal-data-declarations";
import { buildTestApp, memberCookie } from "../server/test/build-test-app";

const POSTS = 50_000;
const FILE_BYTES = 40 * 1024 * 1024;
const CHUNK = 64 * 1024;

const t = await buildTestApp();
const member = await memberCookie(t, "admin", "Big Exporter");
const { db } = t.database;
await db.execute(sql`insert into community_posts (author_id, content) select ${member.userId}, repeat('An invention diary entry. ', 20) || n from generate_series(1, ${POSTS}) n`);
const key = newFileKey("media", "mp4");
await t.files.write(key, Readable.from((function* () { for (let sent = 0; sent < FILE_BYTES; sent += CHUNK) yield randomBytes(CHUNK); })()));
await db.insert(mediaItems).values({ kind: "video", name: "big.mp4", fileKey: key, fileType: "video/mp4", fileSize: FILE_BYTES, uploadedBy: member.userId });

(globalThis as { gc?: () => void }).gc?.();
const before = process.memoryUsage();
const peak = { rss: before.rss, heap: before.heapUsed };
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  peak.rss = Math.max(peak.rss, now.rss);
  peak.heap = Math.max(peak.heap, now.heapUsed);
}, 20);
let zipBytes = 0;
const startedAt = Date.now();
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    zipBytes += chunk.length;
    done();
  },
});
await pipeline(await exportZip({ db, userId: member.userId, email: member.email, emailConfirmed: false }, exportSectionsOf(personalDataDeclarations(null)), t.files), sink);
clearInterval(sampler);
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
console.log(
  `${process.env.TEST_DB === "postgres" ? "PostgreSQL" : "PGlite"}: ${mb(zipBytes)} zip in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; heap +${mb(peak.heap - before.heapUsed)} at peak, resident +${mb(peak.rss - before.rss)} at peak`,
);
await t.files.remove(key);
await t.close();
