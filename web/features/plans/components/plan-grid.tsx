import { Link } from "react-router";
import { PLANS, TIERS, type PaidTier, type Tier } from "../../../../common/tiers";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { PLAN_DETAILS } from "../plan-details";
import { PlanPriceAndFeatures } from "./plan-price-and-features";

const HIGHLIGHTED: Tier = "entrepreneur";

type PlanGridProps = { onJoinFree: () => void };

function isPaidTier(tier: Tier): tier is PaidTier {
  return tier !== "free";
}

/** The four-column plan grid (spec 000 §2): Free opens sign-up, paid plans go to checkout. */
export function PlanGrid({ onJoinFree }: PlanGridProps) {
  return (
    <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-4">
      {TIERS.map((tier) => {
        const plan = PLANS[tier];
        const details = PLAN_DETAILS[tier];
        const isHighlighted = tier === HIGHLIGHTED;
        return (
          <li
            key={tier}
            data-testid={`plan-${tier}`}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-surface p-6 shadow-card",
              isHighlighted ? "border-navy-700 ring-2 ring-navy-700" : "border-border",
            )}
          >
            {isHighlighted ? (
              <span className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
                Recommended for launches
              </span>
            ) : null}
            <h3 className="text-lg font-bold text-ink">{plan.name}</h3>
            <p className="mt-1 min-h-10 text-sm text-muted">{details.tagline}</p>
            <PlanPriceAndFeatures priceCents={plan.priceCents} features={details.features} />
            <div className="mt-8">
              {isPaidTier(tier) ? (
                <Button asChild size="lg" variant={isHighlighted ? "primary" : "outline"} className="w-full">
                  <Link to={paths.checkout(tier)}>Choose {plan.name}</Link>
                </Button>
              ) : (
                <Button size="lg" variant="accent" className="w-full" onClick={onJoinFree}>
                  Join Free
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
