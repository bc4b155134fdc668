import { Link } from "react-router";
import { ArrowRight, Check } from "lucide-react";
import { BILLING_MESSAGES, type PlanChangePreview } from "../../../../common/contracts/billing";
import { PLANS, type PaidTier } from "../../../../common/tiers";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { formatCents, formatLongDate } from "../format";
import { upgradeResumesSubscription } from "../messages";
import { useChangePlan, usePlanChangePreview } from "../use-change-plan";

interface PlanChangeCardProps {
  plan: PaidTier;
  current: PaidTier;
  pending: PaidTier | null;
  pendingAt: string | null;
  /** Where the card sits inside another page (the account page): closes it instead of linking away. */
  onClose?: () => void;
}

/** A paying member's plan change: the target plan, what it charges today, one confirm, and the result. */
export function PlanChangeCard({ plan, current, pending, pendingAt, onClose }: PlanChangeCardProps) {
  const alreadyOnPlan = plan === current && pending === null;
  const preview = usePlanChangePreview(plan, !alreadyOnPlan);
  const change = useChangePlan();
  const target = PLANS[plan];

  if (change.isSuccess) {
    return (
      <Card data-testid="plan-change">
        <CardHeader>
          <CardTitle>{resultTitle(plan, change.data.takesEffect, preview.data)}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <Alert variant="success">
            <span className="inline-flex items-center gap-2">
              <Check className="size-4" aria-hidden />
              {change.data.chargedCents > 0 ? `${formatCents(change.data.chargedCents)} was charged to your card.` : "Nothing was charged today."}
            </span>
          </Alert>
        </CardContent>
        <CardFooter className="flex flex-wrap gap-3">
          {onClose ? (
            <Button onClick={onClose}>Done</Button>
          ) : (
            <>
              <Button asChild>
                <Link to={paths.members.root}>Go to your dashboard</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={paths.members.account}>View your account</Link>
              </Button>
            </>
          )}
        </CardFooter>
      </Card>
    );
  }

  if (alreadyOnPlan) return <Alert variant="info">{`You are already on the ${target.name} plan.`}</Alert>;
  if (preview.isPending) return <Spinner label="Pricing the change" />;
  if (preview.isError || !preview.data) {
    return <Alert variant="error">{preview.error instanceof ApiError && preview.error.status < 500 ? preview.error.message : BILLING_MESSAGES.genericError}</Alert>;
  }
  const quote = preview.data;
  const keeping = plan === current;

  return (
    <Card data-testid="plan-change">
      <CardHeader>
        <CardTitle>{keeping ? `Stay on ${target.name}` : `Change your plan to ${target.name}`}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex justify-between">
          <span className="text-muted">Your plan now</span>
          <span className="font-medium text-ink">{`${PLANS[current].name} (${formatCents(PLANS[current].priceCents)}/month)`}</span>
        </div>
        <div className="flex justify-between">
          <span className="text-muted">New plan</span>
          <span className="font-medium text-ink">{`${target.name} (${formatCents(target.priceCents)}/month)`}</span>
        </div>
        <div className="flex justify-between border-t border-border pt-3 text-base font-semibold text-ink">
          <span>Charged today</span>
          <span data-testid="amount-due-today">{formatCents(quote.amountDueTodayCents)}</span>
        </div>
        <p className="text-muted">{explanation(quote, current, pending, pendingAt)}</p>
        {quote.resumesAndRenewsAt ? <Alert variant="info">{upgradeResumesSubscription(formatLongDate(quote.resumesAndRenewsAt))}</Alert> : null}
        {change.error ? <Alert variant="error">{change.error instanceof ApiError && change.error.status < 500 ? change.error.message : BILLING_MESSAGES.genericError}</Alert> : null}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-3">
        <Button onClick={() => change.mutate({ plan, prorationDate: quote.prorationDate })} disabled={change.isPending}>
          {change.isPending ? <Spinner label="Changing your plan" /> : <ArrowRight aria-hidden />}
          {keeping ? `Keep ${target.name}` : quote.takesEffect === "now" ? `Confirm upgrade to ${target.name}` : `Confirm change to ${target.name}`}
        </Button>
        {onClose ? (
          <Button variant="outline" onClick={onClose} disabled={change.isPending}>
            Not now
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}

function explanation(quote: PlanChangePreview, current: PaidTier, pending: PaidTier | null, pendingAt: string | null): string {
  const target = PLANS[quote.plan].name;
  if (quote.plan === current) {
    return `Nothing is charged today. The change to ${pending ? PLANS[pending].name : "another plan"} planned for ${formatLongDate(pendingAt)} is cancelled and you stay on ${target}.`;
  }
  if (quote.takesEffect === "now") {
    return `You get ${target} at once and pay the difference for the rest of this billing period; after that, ${formatCents(PLANS[quote.plan].priceCents)} a month.`;
  }
  return `Nothing is charged today. Your plan changes to ${target} on ${formatLongDate(quote.changesAt)}; you keep your current benefits until then.`;
}

function resultTitle(plan: PaidTier, takesEffect: "now" | "period_end", quote: PlanChangePreview | undefined): string {
  const name = PLANS[plan].name;
  return takesEffect === "now" ? `You're on ${name}` : `Your plan changes to ${name} on ${formatLongDate(quote?.changesAt)}`;
}
