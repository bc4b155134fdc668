import { Link } from "react-router";
import { Lock } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { SESSION_PAGE_MESSAGES } from "../messages";

/** Shown to free members in place of the (empty) session lists. */
export function SessionsUpgradePrompt() {
  return (
    <section
      className="flex flex-col gap-5 rounded-xl border border-brass-200 bg-brass-50 p-6 sm:flex-row sm:items-center"
      aria-labelledby="sessions-upgrade-heading"
      data-testid="sessions-upgrade"
    >
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brass-100 text-brass-700">
        <Lock className="size-6" aria-hidden />
      </span>
      <div className="flex-1">
        <h2 id="sessions-upgrade-heading" className="text-lg font-semibold text-ink">
          {SESSION_PAGE_MESSAGES.upgradeTitle}
        </h2>
        <p className="mt-1 text-sm text-ink">{SESSION_PAGE_MESSAGES.upgradeText}</p>
      </div>
      <Button asChild size="lg" className="self-start sm:self-center">
        <Link to={paths.pricing}>{SESSION_PAGE_MESSAGES.upgradeAction}</Link>
      </Button>
    </section>
  );
}
