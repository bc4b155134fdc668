import type { AnswerCache } from "../../cache/answer-cache";
import type { Database } from "../../db/client";
import type { FileLinkSigner } from "../../files/file-links";
import type { FileStore } from "../../files/file-store";
import type { JobQueue } from "../../jobs/job-queue";

/** What the members-content features need from the app. */
export interface ContentDeps {
  db: Database;
  files: FileStore;
  fileLinks: FileLinkSigner;
  /** Built list answers, reused until their content area changes (server/cache/README.md). */
  answers: AnswerCache;
  /** New content is announced to the members who may see it by a job (jobs/broadcast-request.ts). */
  jobs: JobQueue;
}
