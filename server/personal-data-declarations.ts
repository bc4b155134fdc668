import { AUTH_PERSONAL_DATA } from "./auth/auth.personal-data";
import { billingPersonalData } from "./billing/billing.personal-data";
import type { BillingDeps } from "./billing/sync";
import { ACCOUNT_DATA_PERSONAL_DATA } from "./features/account-data/account-data.personal-data";
import { CALL_REQUESTS_PERSONAL_DATA } from "./features/call-requests/call-requests.personal-data";
import { COMMUNITY_PERSONAL_DATA } from "./features/community/community.personal-data";
import { EMAIL_PERSONAL_DATA } from "./features/email/email.personal-data";
import { INVITATIONS_PERSONAL_DATA } from "./features/invitations/invitations.personal-data";
import { NOTIFICATIONS_PERSONAL_DATA } from "./features/notifications/notifications.personal-data";
import { REVENUE_PERSONAL_DATA } from "./features/revenue/revenue.personal-data";
import { PEOPLE_PERSONAL_DATA } from "./features/people/people.personal-data";
import { MESSAGES_PERSONAL_DATA } from "./features/messages/messages.personal-data";
import { MEMBER_TRANSFER_PERSONAL_DATA } from "./features/member-transfer/member-transfer.personal-data";
import { MEDIA_PERSONAL_DATA } from "./features/media/media.personal-data";
import { SESSIONS_PERSONAL_DATA } from "./features/sessions/sessions.personal-data";
import { UNIVERSITY_PERSONAL_DATA } from "./features/university/university.personal-data";
import { USERS_PERSONAL_DATA } from "./features/users/users.personal-data";
import { VIDEOS_PERSONAL_DATA } from "./features/videos/videos.personal-data";
import { WEBHOOKS_PERSONAL_DATA } from "./features/webhooks/webhooks.personal-data";
import type { PersonalDataDeclaration } from "./personal-data/declaration";
import { IDEMPOTENCY_PERSONAL_DATA } from "./plugins/idempotency.personal-data";

/**
 * Every feature's declaration of the personal data it keeps, in the order of the export's data.json.
 * Export, self-service deletion and admin deletion read only these; a feature with a new table
 * referring to an account adds it to its own declaration (personal-data.test.ts fails until it does).
 */
export function personalDataDeclarations(billing: BillingDeps | null): readonly PersonalDataDeclaration[] {
  return [
    AUTH_PERSONAL_DATA,
    billingPersonalData(billing),
    REVENUE_PERSONAL_DATA,
    COMMUNITY_PERSONAL_DATA,
    PEOPLE_PERSONAL_DATA,
    MESSAGES_PERSONAL_DATA,
    NOTIFICATIONS_PERSONAL_DATA,
    SESSIONS_PERSONAL_DATA,
    UNIVERSITY_PERSONAL_DATA,
    MEDIA_PERSONAL_DATA,
    VIDEOS_PERSONAL_DATA,
    USERS_PERSONAL_DATA,
    EMAIL_PERSONAL_DATA,
    INVITATIONS_PERSONAL_DATA,
    MEMBER_TRANSFER_PERSONAL_DATA,
    CALL_REQUESTS_PERSONAL_DATA,
    ACCOUNT_DATA_PERSONAL_DATA,
    IDEMPOTENCY_PERSONAL_DATA,
    WEBHOOKS_PERSONAL_DATA,
  ];
}
