import { AsyncLocalStorage } from "node:async_hooks";
import { APIError } from "better-auth/api";
import type { Logger } from "pino";
import { REGISTRATION_CLOSED, SETTINGS_MESSAGES } from "../../../common/contracts/settings";
import { isTrustedAccountCreation } from "../../auth/trusted-creation";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import { awaitingApprovalMail } from "./approval-mail";
import { getGeneralSettings } from "./settings.service";

/*
 * The General Settings' rules for accounts people create themselves (email sign-up, a first social or
 * ID-token sign-in). Accounts the server creates (first admin, Add User, accepted invitations) run
 * inside createConfirmedAccount and are exempt.
 */

const tracked = new AsyncLocalStorage<{ awaitingApproval: boolean }>();

/** Runs an auth request and tells whether it created an account that now waits for an admin's approval. */
export async function trackSelfRegistration<T>(run: () => Promise<T>): Promise<{ result: T; awaitingApproval: boolean }> {
  const state = { awaitingApproval: false };
  const result = await tracked.run(state, run);
  return { result, awaitingApproval: state.awaitingApproval };
}

/** True when the request running now created an account that waits for approval (a first social sign-in, say). */
export function isAwaitingApprovalNow(): boolean {
  return tracked.getStore()?.awaitingApproval === true;
}

/** For better-auth's user.create.before: refuses while registration is closed, holds the account inactive while approval is required. */
export async function registrationOverrides(db: Database): Promise<{ isActive: false } | null> {
  if (isTrustedAccountCreation()) return null;
  const settings = await getGeneralSettings(db);
  if (!settings.allowRegistration) {
    throw new APIError("FORBIDDEN", { code: REGISTRATION_CLOSED, message: SETTINGS_MESSAGES.registrationClosed });
  }
  return settings.requireApproval ? { isActive: false } : null;
}

interface NewAccount {
  id: string;
  name: string;
  email: string;
  isActive?: boolean;
}

interface ApprovalNotice {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
}

/** For better-auth's user.create.after: a self-registered account held for approval is reported to the notification address. */
export async function reportAwaitingApproval({ db, mailer, logger, baseUrl }: ApprovalNotice, user: NewAccount): Promise<void> {
  if (isTrustedAccountCreation() || user.isActive !== false) return;
  const state = tracked.getStore();
  if (state) state.awaitingApproval = true;
  const { notificationEmail, communityName } = await getGeneralSettings(db);
  if (!notificationEmail) return;
  try {
    await mailer.send({ to: notificationEmail, ...awaitingApprovalMail({ communityName, name: user.name, email: user.email, usersUrl: `${baseUrl}/admin/users` }) });
  } catch (error) {
    // The account exists either way; a lost notice must not turn the sign-up into an error.
    logger.error({ err: error, userId: user.id }, "approval notice could not be stored");
  }
}
