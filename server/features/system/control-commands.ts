import type { Auth } from "../../auth/auth";
import type { BillingDeps } from "../../billing/sync";
import {
  BillingAdvanceArgsSchema,
  CreateAdminArgsSchema,
  billingAdvanceCommand,
  createAdminCommand,
  describeBadArguments,
  type CommandResult,
} from "../../cli/commands";
import type { DatabaseHandle } from "../../db/client";
import { snapshotCommand } from "../../ops/backup";
import type { ControlHandler } from "./control-channel";

/** Refusal shared by the command and the server: the billing events exist only in test mode. */
export const LOCAL_BILLING_ONLY: CommandResult = {
  exitCode: 2,
  message: "billing:advance drives the local test mode only; with Stripe, use Stripe's test clocks.",
};

interface ControlDeps {
  auth: Auth;
  localBilling: BillingDeps | null;
  /** For npm run backup: the open embedded database and the folder it lives in. */
  backup: { database: DatabaseHandle; dataDir: string; filesIncluded: boolean };
}

/** The commands a running server accepts on its control channel; arguments are checked again here. */
export function controlCommands({ auth, localBilling, backup }: ControlDeps): ReadonlyMap<string, ControlHandler> {
  return new Map<string, ControlHandler>([
    [
      "admin:create",
      async (args) => {
        const parsed = CreateAdminArgsSchema.safeParse(args);
        if (!parsed.success) return describeBadArguments(parsed.error);
        return createAdminCommand(auth, parsed.data, `through the running server (pid ${process.pid})`);
      },
    ],
    [
      "billing:advance",
      async (args) => {
        if (!localBilling) return LOCAL_BILLING_ONLY;
        const parsed = BillingAdvanceArgsSchema.safeParse(args);
        if (!parsed.success) return describeBadArguments(parsed.error);
        return billingAdvanceCommand(localBilling, parsed.data);
      },
    ],
    ["backup:snapshot", (args) => snapshotCommand(backup, args, `by the running server (pid ${process.pid}), which kept serving`)],
  ]);
}
