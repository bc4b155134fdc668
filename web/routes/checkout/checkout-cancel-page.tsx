import { Link } from "react-router";
import { CircleX } from "lucide-react";
import { Button } from "../../components/ui/button";
import { CHECKOUT_TEXTS } from "../../features/billing/messages";
import { paths } from "../../lib/paths";
import { usePageMeta } from "../../lib/use-page-meta";
import { CheckoutResultLayout } from "./checkout-result-layout";

/** /checkout/cancel (spec 000 §2). */
export default function CheckoutCancelPage() {
  usePageMeta({ title: "Payment Cancelled | The Inventors Community", description: "No charges were made." });
  return (
    <CheckoutResultLayout icon={<CircleX className="size-7" aria-hidden />} title={CHECKOUT_TEXTS.cancelTitle}>
      <p>{CHECKOUT_TEXTS.cancelBody}</p>
      <Button asChild>
        <Link to={paths.home}>{CHECKOUT_TEXTS.returnHome}</Link>
      </Button>
    </CheckoutResultLayout>
  );
}
