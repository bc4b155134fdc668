import type { SubscriptionView } from "../../../../common/contracts/billing";
import { PLANS, type Tier } from "../../../../common/tiers";
import { formatLongDate, subscriptionStatusLabel } from "../format";
import { planEndedOn, subscriptionEndsOn } from "../messages";

interface SubscriptionSummaryProps {
  subscription: SubscriptionView | null;
  /** The tier that applies now (the sidebar's), which an ended subscription no longer decides. */
  currentTier: Tier;
}

/** The spec's subscription information: dates and card only while active (000 §4). */
export function SubscriptionSummary({ subscription, currentTier }: SubscriptionSummaryProps) {
  const status = subscription?.status ?? "not_started";
  const active = status === "active";
  const card = subscription?.paymentMethodBrand && subscription.paymentMethodLast4 ? `${capitalize(subscription.paymentMethodBrand)} ending in ${subscription.paymentMethodLast4}` : "N/A";
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <Item term="Status" value={subscriptionStatusLabel(status)} />
      <Item term="Plan" value={planLine(subscription, currentTier)} />
      {active ? (
        <>
          <Item term="Current period" value={`${formatLongDate(subscription?.currentPeriodStart)} – ${formatLongDate(subscription?.currentPeriodEnd)}`} />
          <Item term="Payment method" value={card} />
        </>
      ) : null}
      {subscription?.cancelAtPeriodEnd ? <p className="font-medium text-danger sm:col-span-2">{subscriptionEndsOn(formatLongDate(subscription.currentPeriodEnd))}</p> : null}
    </dl>
  );
}

/** A subscription that ended names the plan that applies now first, so it never contradicts the sidebar. */
function planLine(subscription: SubscriptionView | null, currentTier: Tier): string {
  if (!subscription?.tier) return "N/A";
  if (!subscription.endedAt) return PLANS[subscription.tier].name;
  return planEndedOn(PLANS[currentTier].name, PLANS[subscription.tier].name, formatLongDate(subscription.endedAt));
}

function Item({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-muted">{term}</dt>
      <dd className="font-semibold text-ink">{value}</dd>
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
