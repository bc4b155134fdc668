import type { AdminStats } from "../../../../common/contracts/users";
import { PAID_TIERS, PLANS } from "../../../../common/tiers";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCents } from "../../billing/format";

/** Monthly recurring revenue of active subscriptions, per paid tier and in total. */
export function MrrCard({ mrrCentsByTier }: { mrrCentsByTier: AdminStats["mrrCentsByTier"] }) {
  const total = PAID_TIERS.reduce((sum, tier) => sum + mrrCentsByTier[tier], 0);
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>Monthly recurring revenue</CardTitle>
        <CardDescription>Active paid subscriptions at their plan prices.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm" data-testid="mrr">
          {PAID_TIERS.map((tier) => (
            <div key={tier} className="flex items-baseline justify-between gap-3">
              <dt className="text-muted">{PLANS[tier].name}</dt>
              <dd className="font-semibold text-ink tabular-nums">{formatCents(mrrCentsByTier[tier])}</dd>
            </div>
          ))}
          <div className="mt-1 flex items-baseline justify-between gap-3 border-t border-border pt-4">
            <dt className="font-semibold text-ink">Total per month</dt>
            <dd className="text-2xl font-bold tracking-tight text-ink tabular-nums">{formatCents(total)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
