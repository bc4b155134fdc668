import { Link } from "react-router";
import { PAID_TIERS, PLANS } from "../../../../common/tiers";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { PLAN_DETAILS } from "../plan-details";
import { PlanPriceAndFeatures } from "./plan-price-and-features";

/** The three paid plans, each with Join Now to its checkout (spec 000 §2, inventors landing page). */
export function PaidPlanCards() {
  return (
    <ul className="grid gap-5 lg:grid-cols-3">
      {PAID_TIERS.map((tier) => {
        const plan = PLANS[tier];
        const details = PLAN_DETAILS[tier];
        const isHighlighted = tier === "entrepreneur";
        return (
          <li
            key={tier}
            data-testid={`paid-plan-${tier}`}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-surface p-6 shadow-card sm:p-8",
              isHighlighted ? "border-navy-700 ring-2 ring-navy-700" : "border-border",
            )}
          >
            {isHighlighted ? (
              <span className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
                Most popular
              </span>
            ) : null}
            <h3 className="text-xl font-bold text-ink">{plan.name}</h3>
            <p className="mt-1 text-sm text-muted">{details.tagline}</p>
            <PlanPriceAndFeatures priceCents={plan.priceCents} features={details.features} />
            <Button asChild size="lg" variant={isHighlighted ? "primary" : "outline"} className="mt-8 w-full">
              <Link to={paths.checkout(tier)} aria-label={`Join Now: ${plan.name} plan`}>
                Join Now
              </Link>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
