import { useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { CreditCard, FlaskConical } from "lucide-react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { PageSpinner, Spinner } from "../../components/ui/spinner";
import { useCancelLocalCheckout, useLocalCheckout, usePayLocalCheckout } from "../../features/billing/api";
import { formatCents } from "../../features/billing/format";
import { ApiError } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { usePageMeta } from "../../lib/use-page-meta";

/** The built-in test-mode payment page that stands in for Stripe Checkout. */
export default function LocalCheckoutPage() {
  usePageMeta({ title: "Test payment | The Inventors Community", description: "Test-mode checkout." });
  const { sessionId = "" } = useParams();
  const checkout = useLocalCheckout(sessionId);
  const pay = usePayLocalCheckout(sessionId);
  const cancel = useCancelLocalCheckout(sessionId);
  const [card, setCard] = useState("");
  const [error, setError] = useState<string | null>(null);

  if (checkout.isPending) return <PageSpinner label="Loading checkout" />;
  if (!checkout.data) {
    return (
      <section className="mx-auto max-w-lg px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-ink">Checkout not found</h1>
        <p className="mt-3 text-muted">This payment link is not valid for your account.</p>
        <Button asChild variant="outline" className="mt-6">
          <Link to={paths.pricing}>Back to plans</Link>
        </Button>
      </section>
    );
  }
  const session = checkout.data;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const { successUrl } = await pay.mutateAsync(card);
      window.location.assign(successUrl);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "An error occurred. Please try again.");
    }
  }

  return (
    <section className="mx-auto max-w-lg px-4 py-12 sm:px-6">
      <Alert variant="info">
        <span className="inline-flex items-center gap-2">
          <FlaskConical className="size-4" aria-hidden /> Test mode: no real card is charged. Use 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.
        </span>
      </Alert>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink">Pay for {session.planName}</h1>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>{session.planName} membership, monthly</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <div className="flex justify-between">
            <span className="text-muted">Price</span>
            <span className="font-medium text-ink">{formatCents(session.priceCents)}</span>
          </div>
          {session.discountCents > 0 ? (
            <div className="flex justify-between">
              <span className="text-muted">{`Discount (${session.couponCode ?? "coupon"}, ${session.discountPercent}%)`}</span>
              <span data-testid="discount-amount" className="font-medium text-ink">−{formatCents(session.discountCents)}</span>
            </div>
          ) : null}
          <div className="flex justify-between border-t border-border pt-3 text-base font-semibold text-ink">
            <span>Total</span>
            <span>{formatCents(session.totalCents)}</span>
          </div>
          <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
            <FormField label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={card} onChange={(event) => setCard(event.target.value)} error={error ?? undefined} />
            <Button type="submit" size="lg" disabled={pay.isPending || pay.isSuccess || !card.trim()}>
              {pay.isPending ? <Spinner label="Paying" /> : <CreditCard aria-hidden />}
              {`Pay ${formatCents(session.totalCents)}`}
            </Button>
            <Link to={paths.checkoutCancel} onClick={() => cancel.mutate()} className="text-center text-sm font-medium text-navy-600 underline-offset-4 hover:underline">
              Cancel
            </Link>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
