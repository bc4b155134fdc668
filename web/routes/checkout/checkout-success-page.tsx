import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { CircleCheck, CircleAlert } from "lucide-react";
import { PLANS } from "../../../common/tiers";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useCheckoutConfirmation } from "../../features/billing/api";
import { CHECKOUT_TEXTS, welcomeToTier } from "../../features/billing/messages";
import { paths } from "../../lib/paths";
import { usePageMeta } from "../../lib/use-page-meta";
import { CheckoutResultLayout } from "./checkout-result-layout";

const REDIRECT_MS = 5000;

/** /checkout/success: confirms the payment with the provider, welcomes the member, then /members after 5 s. */
export default function CheckoutSuccessPage() {
  usePageMeta({ title: "Payment Successful | The Inventors Community", description: "Your membership is active." });
  const [params] = useSearchParams();
  const confirmation = useCheckoutConfirmation(params.get("session_id"));
  const navigate = useNavigate();

  useEffect(() => {
    if (!confirmation.data) return;
    const timer = setTimeout(() => navigate(paths.members.root), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [confirmation.data, navigate]);

  if (confirmation.isPending && params.get("session_id")) {
    return (
      <CheckoutResultLayout icon={<Spinner label="Confirming your payment" />} title="Confirming your payment">
        <p>One moment while we confirm your subscription.</p>
      </CheckoutResultLayout>
    );
  }
  if (!confirmation.data) {
    return (
      <CheckoutResultLayout icon={<CircleAlert className="size-7" aria-hidden />} title="We could not confirm this payment">
        <p>No completed payment was found for this checkout. If you were charged, your membership will update shortly.</p>
        <Button asChild variant="outline">
          <Link to={paths.members.account}>Go to my account</Link>
        </Button>
      </CheckoutResultLayout>
    );
  }
  return (
    <CheckoutResultLayout icon={<CircleCheck className="size-7" aria-hidden />} title={CHECKOUT_TEXTS.successTitle}>
      <p className="text-lg text-ink">{welcomeToTier(PLANS[confirmation.data.tier].name)}</p>
      <p>
        You will be taken to the members area in 5 seconds. If not,{" "}
        <Link className="font-semibold text-navy-600 underline" to={paths.members.root}>
          click here
        </Link>
        .
      </p>
    </CheckoutResultLayout>
  );
}
