import { useState } from "react";
import { Link } from "react-router";
import { PAID_TIERS, PLANS, tierRank, type PaidTier } from "../../../common/tiers";
import { BILLING_MESSAGES } from "../../../common/contracts/billing";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { PageSpinner } from "../../components/ui/spinner";
import { useAccountBilling, useOpenPortal } from "../../features/billing/api";
import { InvoicesCard } from "../../features/billing/components/invoices-card";
import { SubscriptionSummary } from "../../features/billing/components/subscription-summary";
import { formatLongDate } from "../../features/billing/format";
import { PlanChangeCard } from "../../features/billing/components/plan-change-card";
import { MemberProfileCard } from "../../features/people/components/member-profile-card";
import { NotificationPreferencesCard } from "../../features/notifications/components/notification-preferences-card";
import { MessagingSettingsCard } from "../../features/messages/components/messaging-settings-card";
import { AccountDataSections } from "../../features/account-data/components/account-data-sections";
import { useViewer } from "../../features/session/api";
import { ComplimentaryNotice } from "../../features/complimentary/complimentary-notice";
import { ApiError } from "../../lib/api-client";
import { paths } from "../../lib/paths";

/** /members/account: subscription information, Manage Subscription, plan changes and invoices. */
export default function AccountPage() {
  const viewer = useViewer();
  const billing = useAccountBilling();
  const portal = useOpenPortal();
  const [chosenPlan, setChosenPlan] = useState<PaidTier | null>(null);
  const [portalError, setPortalError] = useState<string | null>(null);

  if (billing.isPending || viewer.isPending) return <PageSpinner label="Loading your account" />;
  const subscription = billing.data?.subscription ?? null;
  const status = subscription?.status ?? "not_started";
  const isFree = viewer.data?.membershipTier === "free";
  const canManage = !isFree && subscription !== null && status !== "not_started";
  const live = subscription !== null && ["active", "trialing", "past_due"].includes(status) && subscription.tier !== null;

  async function manage() {
    setPortalError(null);
    try {
      const { url } = await portal.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      setPortalError(error instanceof ApiError && error.status < 500 ? BILLING_MESSAGES.portalFailed : BILLING_MESSAGES.portalAccessFailed);
    }
  }

  return (
    <AppPage>
      <PageHeader eyebrow="Members area" title="Account" description="Your membership, member profile, billing, invoices and your data." />
      {billing.isError ? <Alert variant="error">We could not load your billing details. Please try again later.</Alert> : null}
      {subscription?.graceEndsAt ? (
        <Alert variant="error">
          {`Your last payment failed. Update your card by ${formatLongDate(subscription.graceEndsAt)} to keep your membership. `}
          <button type="button" className="font-semibold underline" onClick={manage}>
            Update your card
          </button>
        </Alert>
      ) : null}
      {subscription?.downgradeTakesEffectAt && subscription.pendingTier ? (
        <Alert variant="info">{`Your plan changes to ${PLANS[subscription.pendingTier].name} on ${formatLongDate(subscription.downgradeTakesEffectAt)}. You keep your current benefits until then.`}</Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Subscription</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <SubscriptionSummary subscription={subscription} currentTier={viewer.data?.membershipTier ?? "free"} />
          <ComplimentaryNotice />
          {portalError ? <Alert variant="error">{portalError}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button onClick={manage} disabled={!canManage || portal.isPending}>
              Manage Subscription
            </Button>
            {isFree ? (
              <Button asChild variant="outline">
                <Link to={paths.pricing}>View Pricing Options</Link>
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>

      {live && subscription.tier ? (
        <Card>
          <CardHeader>
            <CardTitle>Change plan</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="text-sm text-muted">Upgrades start at once (you pay the difference for the rest of this period). Downgrades start when the period you paid for ends.</p>
            {chosenPlan ? (
              <PlanChangeCard key={chosenPlan} plan={chosenPlan} current={subscription.tier} pending={subscription.pendingTier} pendingAt={subscription.downgradeTakesEffectAt} onClose={() => setChosenPlan(null)} />
            ) : (
              <div className="flex flex-wrap gap-3">
                {PAID_TIERS.filter((tier) => tier !== subscription.pendingTier && (tier !== subscription.tier || subscription.pendingTier !== null)).map((tier) => (
                  <Button key={tier} variant="outline" onClick={() => setChosenPlan(tier)}>
                    {planChoiceLabel(tier, subscription.tier ?? tier)}
                  </Button>
                ))}
              </div>
            )}
          </CardContent>
        </Card>
      ) : null}

      <MemberProfileCard />
      <InvoicesCard invoices={billing.data?.invoices ?? []} />
      <NotificationPreferencesCard />
      <MessagingSettingsCard />

      <AccountDataSections />
    </AppPage>
  );
}

function planChoiceLabel(tier: PaidTier, current: PaidTier): string {
  if (tier === current) return `Keep ${PLANS[tier].name}`;
  return `${tierRank(tier) > tierRank(current) ? "Upgrade" : "Downgrade"} to ${PLANS[tier].name}`;
}
