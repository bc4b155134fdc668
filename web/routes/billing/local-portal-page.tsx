import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { FlaskConical } from "lucide-react";
import { PAID_TIERS, PLANS } from "../../../common/tiers";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { PageSpinner } from "../../components/ui/spinner";
import { useAccountBilling, usePortalAction, type PortalRequest } from "../../features/billing/api";
import { InvoicesCard } from "../../features/billing/components/invoices-card";
import { SubscriptionSummary } from "../../features/billing/components/subscription-summary";
import { useViewer } from "../../features/session/api";
import { ApiError } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { usePageMeta } from "../../lib/use-page-meta";

/** The built-in test-mode customer portal: cancel at period end, resume, change plan, update card. */
export default function LocalPortalPage() {
  usePageMeta({ title: "Manage subscription | The Inventors Community", description: "Test-mode customer portal." });
  const billing = useAccountBilling();
  const viewer = useViewer();
  const action = usePortalAction();
  const [card, setCard] = useState("");
  const [notice, setNotice] = useState<string | null>(null);

  if (billing.isPending || viewer.isPending) return <PageSpinner label="Loading your subscription" />;
  const subscription = billing.data?.subscription ?? null;
  const live = subscription !== null && ["active", "trialing", "past_due"].includes(subscription.status);

  async function run(request: PortalRequest, done: string) {
    setNotice(null);
    try {
      await action.mutateAsync(request);
      setNotice(done);
      if (request.action === "update-card") setCard("");
    } catch {
      // shown from action.error below
    }
  }

  function updateCard(event: FormEvent) {
    event.preventDefault();
    void run({ action: "update-card", cardNumber: card }, "Your card was updated.");
  }

  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:px-6">
      <Alert variant="info">
        <span className="inline-flex items-center gap-2">
          <FlaskConical className="size-4" aria-hidden /> Test mode portal: changes apply to your test subscription.
        </span>
      </Alert>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Manage subscription</h1>
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {action.error ? <Alert variant="error">{action.error instanceof ApiError ? action.error.message : "An error occurred. Please try again."}</Alert> : null}
      <Card>
        <CardHeader>
          <CardTitle>Your subscription</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <SubscriptionSummary subscription={subscription} currentTier={viewer.data?.membershipTier ?? "free"} />
          {live ? (
            <div className="flex flex-wrap gap-3">
              {subscription.cancelAtPeriodEnd ? (
                <Button onClick={() => run({ action: "resume" }, "Your subscription will continue.")} disabled={action.isPending}>
                  Resume subscription
                </Button>
              ) : (
                <Button variant="danger" onClick={() => run({ action: "cancel" }, "Your subscription will end at the end of the current period.")} disabled={action.isPending}>
                  Cancel subscription
                </Button>
              )}
              {PAID_TIERS.filter((tier) => tier !== subscription.tier).map((tier) => (
                <Button key={tier} variant="outline" onClick={() => run({ action: "change-plan", plan: tier }, `Your plan change to ${PLANS[tier].name} was saved.`)} disabled={action.isPending}>
                  {`Switch to ${PLANS[tier].name}`}
                </Button>
              ))}
            </div>
          ) : null}
        </CardContent>
      </Card>
      {live ? (
        <Card>
          <CardHeader>
            <CardTitle>Payment method</CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={updateCard} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
              <FormField label="New card number" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={card} onChange={(event) => setCard(event.target.value)} />
              <Button type="submit" disabled={action.isPending || !card.trim()}>
                Update card
              </Button>
            </form>
          </CardContent>
        </Card>
      ) : null}
      <InvoicesCard invoices={billing.data?.invoices ?? []} />
      <Button asChild variant="outline" className="justify-self-start">
        <Link to={paths.members.account}>Return to your account</Link>
      </Button>
    </section>
  );
}
