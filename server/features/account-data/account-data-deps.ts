import type { Logger } from "pino";
import type { BillingDeps } from "../../billing/sync";
import type { Database } from "../../db/client";
import type { FileStore } from "../../files/file-store";
import type { JobQueue } from "../../jobs/job-queue";
import type { Mailer } from "../../mail/mailer";
import type { PersonalDataDeclaration } from "../../personal-data/declaration";

/** What exporting and deleting a member's own data needs. */
export interface AccountDataDeps {
  db: Database;
  files: FileStore;
  /** Null when payments are misconfigured. */
  billing: BillingDeps | null;
  /** What each feature keeps about a member: what the export holds and what deletion does (server/personal-data-declarations.ts). */
  personalData: readonly PersonalDataDeclaration[];
  jobs: JobQueue;
  mailer: Mailer;
  logger: Logger;
  /** Signs export links; the auth secret. */
  secret: string;
  /** PUBLIC_URL: links in mail. */
  baseUrl: string;
}
