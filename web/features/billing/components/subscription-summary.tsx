import type { SubscriptionView } from "../../../../common/contracts/billing";
import { PLANS } from "../../../../common/tiers";
import { formatLongDate, subscriptionStatusLabel } from "../format";
import { subscriptionEndsOn } from "../messages";

/** The spec's subscription information: dates and card only while active (000 §4). */
export function SubscriptionSummary({ subscription }: { subscription: SubscriptionView | null }) {
  const status = subscription?.status ?? "not_started";
  const active = status === "active";
  const card = subscription?.paymentMethodBrand && subscription.paymentMethodLast4 ? `${capitalize(subscription.paymentMethodBrand)} ending in ${subscription.paymentMethodLast4}` : "N/A";
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <Item term="Status" value={subscriptionStatusLabel(status)} />
      <Item term="Plan" value={subscription?.tier ? PLANS[subscription.tier].name : "N/A"} />
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
