import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { FailedPaymentsList } from "../../features/billing/components/failed-payments-list";

/** /admin/billing: renewals that failed, and the reminders their members get. */
export default function AdminBillingPage() {
  return (
    <AppPage>
      <PageHeader
        eyebrow="Admin"
        title="Billing"
        description="Members whose renewal failed keep their plan through the grace period. They are mailed on its first, third and sixth day with a link to update their card; the mails stop as soon as the payment succeeds."
      />
      <section aria-labelledby="failed-payments-heading" className="grid gap-4">
        <h2 id="failed-payments-heading" className="text-lg font-semibold text-ink">
          Failed payments
        </h2>
        <FailedPaymentsList />
      </section>
    </AppPage>
  );
}
