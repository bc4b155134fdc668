import type { ReactNode } from "react";
import { Link } from "react-router";
import { TWO_FACTOR_MESSAGES } from "../../../../common/contracts/settings";
import { AppPage } from "../../../components/layout/app-page";
import { PageHeader } from "../../../components/layout/page-header";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { paths } from "../../../lib/paths";
import { TwoFactorSection } from "../../profile/components/two-factor-section";
import { useTwoFactorStatus } from "../../profile/two-factor-api";
import { isAdmin } from "../api";
import { SessionGate } from "./session-gate";

/** The admin area: signed-in, active admins only, and with REQUIRE_ADMIN_2FA only once their second factor is on. */
export function AdminGuard({ children }: { children: ReactNode }) {
  return (
    <SessionGate allow={isAdmin}>
      <TwoFactorGate>{children}</TwoFactorGate>
    </SessionGate>
  );
}

/** The server refuses the admin API to an admin without a second factor when it is required; set it up here first. */
function TwoFactorGate({ children }: { children: ReactNode }) {
  const status = useTwoFactorStatus();
  if (status.isPending) return <PageSpinner label="Checking your account security" />;
  if (status.isError) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4">
        <Alert variant="error">We could not check your account security. Please check your connection and try again.</Alert>
        <Button variant="outline" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!status.data.required) return children;
  return (
    <AppPage>
      <PageHeader eyebrow="Admin" title="Two-factor authentication required" description={TWO_FACTOR_MESSAGES.required} />
      <TwoFactorSection className="max-w-xl bg-surface p-5 shadow-card sm:p-6" />
      <p className="text-sm text-muted">
        <Link to={paths.members.root} className="font-semibold text-navy-600 underline underline-offset-4">
          Go to the members area instead
        </Link>
      </p>
    </AppPage>
  );
}
