import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Navigate, useParams } from "react-router";
import { Lock, Tag } from "lucide-react";
import { BILLING_MESSAGES, normalizeCouponCode, type SubscriptionView } from "../../../common/contracts/billing";
import { PAID_TIERS, PLANS, type PaidTier } from "../../../common/tiers";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { PageSpinner, Spinner } from "../../components/ui/spinner";
import { useAuthModal } from "../../features/auth/auth-modal-context";
import { useAccountBilling, useStartCheckout, useValidateCoupon } from "../../features/billing/api";
import { PlanChangeCard } from "../../features/billing/components/plan-change-card";
import { formatCents } from "../../features/billing/format";
import { useViewer } from "../../features/session/api";
import { ApiError } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { usePageMeta } from "../../lib/use-page-meta";

type CouponState = { kind: "idle" } | { kind: "validating" } | { kind: "applied"; code: string; percent: number } | { kind: "error"; message: string };

function isPaidTier(value: string | undefined): value is PaidTier {
  return (PAID_TIERS as readonly string[]).includes(value ?? "");
}

/**
 * /checkout/{plan} (spec 000 §2, §4): coupon, server-priced total, then the payment page. A member
 * who already pays (every Upgrade Now leads here) gets the plan change instead: no second subscription.
 */
export default function CheckoutPage() {
  const { plan } = useParams();
  const viewer = useViewer();
  const paying = Boolean(viewer.data) && viewer.data?.membershipTier !== "free";
  const billing = useAccountBilling(paying);
  if (!isPaidTier(plan)) return <Navigate to={paths.home} replace />;
  if (paying && billing.isPending) return <PageSpinner label="Loading your plan" />;
  const subscription = billing.data?.subscription;
  if (paying && subscription?.tier && LIVE_STATUSES.includes(subscription.status)) {
    return <ChangeInsteadOfCheckout plan={plan} subscription={{ ...subscription, tier: subscription.tier }} />;
  }
  return <Checkout plan={plan} />;
}

const LIVE_STATUSES = ["active", "trialing", "past_due"];

function ChangeInsteadOfCheckout({ plan, subscription }: { plan: PaidTier; subscription: SubscriptionView & { tier: PaidTier } }) {
  usePageMeta({ title: `Change plan: ${PLANS[plan].name} | The Inventors Community`, description: `Move your membership to ${PLANS[plan].name}.` });
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6 md:py-16">
      <div>
        <p className="text-sm font-semibold tracking-wider text-brass-700 uppercase">Change plan</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{`${PLANS[plan].name} membership`}</h1>
      </div>
      <PlanChangeCard plan={plan} current={subscription.tier} pending={subscription.pendingTier} pendingAt={subscription.downgradeTakesEffectAt} />
    </section>
  );
}

function Checkout({ plan }: { plan: PaidTier }) {
  const details = PLANS[plan];
  usePageMeta({ title: `Checkout: ${details.name} | The Inventors Community`, description: `Join the ${details.name} membership.` });
  const viewer = useViewer();
  const { openAuthModal } = useAuthModal();
  const signedIn = Boolean(viewer.data);
  const [code, setCode] = useState("");
  const [coupon, setCoupon] = useState<CouponState>({ kind: "idle" });
  const [payError, setPayError] = useState<string | null>(null);
  const validate = useValidateCoupon();
  const checkout = useStartCheckout();

  // Signing in from here comes back here: the visitor was buying this plan.
  const logIn = useCallback(() => openAuthModal("login", { returnTo: paths.checkout(plan) }), [openAuthModal, plan]);
  useEffect(() => {
    if (!viewer.isPending && !viewer.data) logIn();
  }, [viewer.isPending, viewer.data, logIn]);

  const percent = coupon.kind === "applied" ? coupon.percent : 0;
  const discountCents = Math.round((details.priceCents * percent) / 100);
  const totalCents = details.priceCents - discountCents;
  const busy = coupon.kind === "validating" || checkout.isPending || checkout.isSuccess;

  async function applyCoupon(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeCouponCode(code);
    if (!normalized || busy) return;
    if (!signedIn) return logIn();
    setCoupon({ kind: "validating" });
    try {
      const { discount } = await validate.mutateAsync({ code: normalized, membershipTier: plan });
      setCoupon({ kind: "applied", code: normalized, percent: discount });
    } catch (error) {
      const invalid = error instanceof ApiError && error.status === 400;
      setCoupon({ kind: "error", message: invalid ? BILLING_MESSAGES.invalidCoupon : BILLING_MESSAGES.couponValidationFailed });
    }
  }

  async function pay() {
    setPayError(null);
    try {
      const { url } = await checkout.mutateAsync({ plan, couponCode: coupon.kind === "applied" ? coupon.code : undefined });
      window.location.assign(url);
    } catch (error) {
      setPayError(error instanceof ApiError && error.status !== 500 ? error.message : BILLING_MESSAGES.genericError);
    }
  }

  return (
    <section className="mx-auto grid max-w-3xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1fr_18rem] md:py-16">
      <div>
        <p className="text-sm font-semibold tracking-wider text-brass-700 uppercase">Checkout</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{details.name} membership</h1>
        <p className="mt-3 text-muted">Billed monthly. Cancel any time from your account page; you keep access until the end of the period you paid for.</p>

        <form onSubmit={applyCoupon} className="mt-8 grid gap-2" noValidate>
          <Label htmlFor="coupon-code">Coupon code</Label>
          <div className="flex gap-2">
            <Input
              id="coupon-code"
              value={code}
              autoComplete="off"
              placeholder="ENTER CODE"
              aria-invalid={coupon.kind === "error" ? true : undefined}
              onChange={(event) => {
                setCode(event.target.value.toUpperCase());
                setCoupon({ kind: "idle" });
              }}
            />
            <Button type="submit" variant="outline" disabled={!code.trim() || busy}>
              {coupon.kind === "validating" ? <Spinner label="Checking coupon" /> : <Tag aria-hidden />}
              Apply
            </Button>
          </div>
          {coupon.kind === "applied" ? <Alert variant="success">{`${coupon.code}: ${coupon.percent}% off applied`}</Alert> : null}
          {coupon.kind === "error" ? <Alert variant="error">{coupon.message}</Alert> : null}
        </form>
      </div>

      <Card className="self-start">
        <CardHeader>
          <CardTitle>Order summary</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <div className="flex justify-between">
            <span className="text-muted">{details.name} (monthly)</span>
            <span className="font-medium text-ink">{formatCents(details.priceCents)}</span>
          </div>
          {percent > 0 ? (
            <div className="flex justify-between text-success">
              <span>Discount ({percent}%)</span>
              <span data-testid="discount-amount">−{formatCents(discountCents)}</span>
            </div>
          ) : null}
          <div className="mt-2 flex justify-between border-t border-border pt-3 text-base font-semibold text-ink">
            <span>Total today</span>
            <span data-testid="total-amount">{formatCents(totalCents)}</span>
          </div>
        </CardContent>
        <CardFooter className="flex-col items-stretch">
          {payError ? <Alert variant="error">{payError}</Alert> : null}
          <Button size="lg" onClick={pay} disabled={busy || !signedIn}>
            {checkout.isPending ? <Spinner label="Opening payment" /> : <Lock aria-hidden />}
            Continue to payment
          </Button>
          {!signedIn && !viewer.isPending ? (
            <Button variant="link" onClick={logIn}>
              Log in to continue
            </Button>
          ) : null}
        </CardFooter>
      </Card>
    </section>
  );
}
