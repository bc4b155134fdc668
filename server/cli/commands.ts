import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { users } from "../auth/auth.table";
import { createAdminAccount } from "../auth/first-admin";
import { advanceLocalSubscription, type AdvanceEvent } from "../billing/local/local.service";
import type { BillingDeps } from "../billing/sync";

/**
 * The operator commands that write to the database. Each runs in the command's own process when it
 * can open the database, or inside the running server (through its control channel) when the server
 * holds the embedded data folder; either way the same schema checks the arguments.
 */
export interface CommandResult {
  /** 0 done, 1 refused (nothing changed), 2 bad arguments. */
  exitCode: 0 | 1 | 2;
  message: string;
}

export const CreateAdminArgsSchema = z.object({
  email: z.string({ error: "--email is required" }).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "--email must be an email address"),
  password: z.string({ error: "--password is required" }).min(6, "--password must be at least 6 characters").max(128, "--password must be at most 128 characters"),
  name: z.string().trim().min(1).max(120).default("Administrator"),
});
export type CreateAdminArgs = z.infer<typeof CreateAdminArgsSchema>;

export const ADVANCE_EVENTS: Record<AdvanceEvent, string> = {
  renew: "the period renews and is paid",
  fail: "the renewal payment fails (past_due; the tier stays for the grace period)",
  recover: "the open invoice is paid (active again)",
  "end-period": "the period ends (a subscription set to cancel at period end is canceled)",
  cancel: "the subscription is canceled at once",
};

const ADVANCE_USAGE = `usage: npm run billing:advance -- --email member@example.com --event <event>\n${Object.entries(ADVANCE_EVENTS)
  .map(([name, text]) => `  ${name.padEnd(10)} ${text}`)
  .join("\n")}`;

export const BillingAdvanceArgsSchema = z.object({
  email: z.string({ error: ADVANCE_USAGE }).trim().min(1, ADVANCE_USAGE).max(254, ADVANCE_USAGE),
  event: z.enum(Object.keys(ADVANCE_EVENTS) as [AdvanceEvent, ...AdvanceEvent[]], { error: ADVANCE_USAGE }),
});
export type BillingAdvanceArgs = z.infer<typeof BillingAdvanceArgsSchema>;

/** Zod's messages for bad arguments, one a line. */
export function describeBadArguments(error: z.ZodError): CommandResult {
  return { exitCode: 2, message: [...new Set(error.issues.map((issue) => issue.message))].join("\n") };
}

/** Creates an admin account (tier Brand CEO, active) unless the email is taken. */
export async function createAdminCommand(auth: Auth, args: CreateAdminArgs, where: string): Promise<CommandResult> {
  if (!(await createAdminAccount(auth, args))) {
    return { exitCode: 1, message: `An account with the email ${args.email} already exists; nothing was changed.` };
  }
  return { exitCode: 0, message: `Created admin ${args.email} ${where}.` };
}

/** Moves a member's test-mode subscription through one billing event (renewal, failure, …). */
export async function billingAdvanceCommand(deps: BillingDeps, args: BillingAdvanceArgs): Promise<CommandResult> {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, args.email.toLowerCase()));
  if (!user) return { exitCode: 1, message: `No account with the email ${args.email}` };
  const status = await advanceLocalSubscription(deps, user.id, args.event);
  return { exitCode: 0, message: `${args.email}: ${ADVANCE_EVENTS[args.event]}; subscription is now ${status}.` };
}
