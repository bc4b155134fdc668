import type { PersonalDataDeclaration } from "../../personal-data/declaration";

/**
 * Webhooks keep member data in one place: the delivery log, whose payloads carry the member's id,
 * email, name and tier (or a post's author). It is the business's record of what it sent its own
 * integrations, kept at most 30 days (and 5,000 deliveries per endpoint, webhooks.job.ts), and every
 * delivery about a member is deleted with their account. The endpoints name the admin who added them.
 */
export const WEBHOOKS_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "webhooks",
  columns: {
    "webhook_endpoints.created_by": { action: "anonymise", how: "An endpoint the admin registered stays for the business, registered by no one." },
    "webhook_deliveries.subject_user_id": { action: "delete", how: "Deliveries about the member (their email, name and tier, or their post) and their answers go with the account." },
  },
  exportSections: [],
  notExported: {
    "webhook_endpoints.created_by": "An endpoint is an address of the business's own systems, not the admin's data.",
    "webhook_deliveries.subject_user_id": "The log repeats what the account already holds (email, name, tier, posts), as sent to the business's own systems; it is kept at most 30 days.",
  },
};
