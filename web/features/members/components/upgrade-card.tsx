import { Link } from "react-router";
import { Sparkles } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";

/** Shown to free members: what the paid plans add, with a link to the plan grid. */
export function UpgradeCard() {
  return (
    <section className="flex flex-col gap-4 overflow-hidden rounded-xl bg-primary p-6 text-white shadow-card sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Sparkles className="size-5" aria-hidden />
        </span>
        <div>
          <h2 className="text-lg font-semibold">Unlock mastermind sessions and the full library</h2>
          <p className="mt-1 text-sm text-navy-200">
            Paid members join live masterminds, download every template for their tier and watch the complete training
            catalogue.
          </p>
        </div>
      </div>
      <Button asChild variant="accent" className="self-start sm:self-center">
        <Link to={paths.pricing}>View Paid Plans</Link>
      </Button>
    </section>
  );
}
