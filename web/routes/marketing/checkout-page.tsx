import { Link, Navigate, useParams } from "react-router";
import { CreditCard } from "lucide-react";
import { PAID_TIERS, PLANS, type PaidTier } from "../../../common/tiers";
import { Button } from "../../components/ui/button";
import { formatMonthlyPrice } from "../../lib/format";
import { paths } from "../../lib/paths";

function isPaidTier(value: string | undefined): value is PaidTier {
  return (PAID_TIERS as readonly string[]).includes(value ?? "");
}

/** /checkout/{plan}: unknown plans go home (spec 000 §2); payment itself arrives with billing. */
export function CheckoutPage() {
  const { plan } = useParams();
  if (!isPaidTier(plan)) return <Navigate to={paths.home} replace />;
  const details = PLANS[plan];

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-navy-50 text-navy-700">
        <CreditCard className="size-7" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wider text-brass-700 uppercase">Checkout</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{details.name} membership</h1>
      <p className="mt-2 text-xl font-semibold text-ink">
        {formatMonthlyPrice(details.priceCents)}
        <span className="text-base font-medium text-muted">/month</span>
      </p>
      <p className="mt-6 text-muted">
        Online payment is not open yet, so no card can be charged on this page. Join free today and upgrade as soon as
        paid memberships open.
      </p>
      <Button asChild size="lg" variant="outline" className="mt-8">
        <Link to={paths.pricing}>Back to plans</Link>
      </Button>
    </section>
  );
}
