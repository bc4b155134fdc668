import type { PersonalDataDeclaration } from "../personal-data/declaration";

/** The answers kept for 24 hours so a retried write is not done twice (server/plugins/idempotency.ts). */
export const IDEMPOTENCY_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "idempotency",
  columns: {
    "idempotency_keys.user_id": { action: "delete", how: "Stored answers go with the account." },
  },
  exportSections: [],
  notExported: {
    "idempotency_keys.user_id":
      "Idempotency keys: for 24 hours, the answer to each post, reply, upload or checkout the member sent with an Idempotency-Key, kept so a retry is not done twice. Each repeats an item the export already holds; they are deleted with the account.",
  },
};
