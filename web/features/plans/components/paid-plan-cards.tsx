import { Link } from "react-router";
import { Check } from "lucide-react";
import { PAID_TIERS, PLANS } from "../../../../common/tiers";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { formatMonthlyPrice } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { PLAN_DETAILS } from "../plan-details";

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
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-extrabold tracking-tight text-ink">{formatMonthlyPrice(plan.priceCents)}</span>
              <span className="text-sm font-medium text-muted">/month</span>
            </p>
            <ul className="mt-6 grid flex-1 content-start gap-2.5 text-sm">
              {details.features.map((feature) => (
                <li key={feature} className="flex gap-2.5">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                  <span className="text-ink">{feature}</span>
                </li>
              ))}
            </ul>
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
