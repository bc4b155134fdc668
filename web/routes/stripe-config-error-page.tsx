import { TriangleAlert } from "lucide-react";
import { BILLING_MESSAGES } from "../../common/contracts/billing";

/** Replaces every route when Stripe cannot be initialized (spec 001 §2.1). */
export function StripeConfigErrorPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas px-4">
      <div className="max-w-lg rounded-xl border border-danger/25 bg-surface p-8 text-center shadow-card">
        <TriangleAlert className="mx-auto size-10 text-danger" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-ink">{BILLING_MESSAGES.configErrorTitle}</h1>
        <p className="mt-3 text-muted">The payment system failed to initialize, most likely because the Stripe public key is missing or invalid.</p>
        <p className="mt-3 text-muted">
          Please check the <code className="rounded bg-navy-50 px-1.5 py-0.5 text-ink">STRIPE_PUBLISHABLE_KEY</code> environment variable (and <code className="rounded bg-navy-50 px-1.5 py-0.5 text-ink">STRIPE_SECRET_KEY</code>) and restart the server.
        </p>
      </div>
    </main>
  );
}
