import { useState, type FormEvent } from "react";
import { BILLING_MESSAGES, MAX_COUPON_USES, couponCreatedMessage, normalizeCouponCode } from "../../../../common/contracts/billing";
import { endOfChosenDay } from "../../../../common/end-of-day";
import { PAID_TIERS, PLANS, type PaidTier } from "../../../../common/tiers";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Label } from "../../../components/ui/label";
import { ApiError } from "../../../lib/api-client";
import { useTimers } from "../../../lib/use-timers";
import { useCouponMutations } from "../api";

const SUCCESS_MS = 3000;

function threeMonthsAhead(): string {
  const date = new Date();
  date.setMonth(date.getMonth() + 3);
  return date.toISOString().slice(0, 10);
}

/** Client-side check with the server's own messages (the server enforces the same rules). */
function validate(discount: number, usageLimit: number, validUntil: string): string | null {
  if (Number.isFinite(discount) && !Number.isInteger(discount)) return BILLING_MESSAGES.discountWhole;
  if (!Number.isInteger(discount) || discount < 1 || discount > 100) return BILLING_MESSAGES.discountRange;
  if (usageLimit <= 0) return BILLING_MESSAGES.usageLimitPositive;
  if (!Number.isInteger(usageLimit) || usageLimit > MAX_COUPON_USES) return BILLING_MESSAGES.usageLimitRange;
  if (!validUntil) return BILLING_MESSAGES.validUntilRequired;
  const end = endOfChosenDay(validUntil);
  if (!end) return BILLING_MESSAGES.validUntilInvalid;
  if (end.getTime() <= Date.now()) return BILLING_MESSAGES.validUntilFuture;
  return null;
}

/** Admin Settings → Coupon Codes: the create form with the spec's defaults (10 %, inventor, 100 uses, 3 months). */
export function CouponForm() {
  const { create } = useCouponMutations();
  const later = useTimers();
  const [code, setCode] = useState("");
  const [discount, setDiscount] = useState("10");
  const [tier, setTier] = useState<PaidTier>("inventor");
  const [usageLimit, setUsageLimit] = useState("100");
  const [validUntil, setValidUntil] = useState(threeMonthsAhead);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSuccess(null);
    const normalized = normalizeCouponCode(code);
    const problem = normalized ? validate(Number(discount), Number(usageLimit), validUntil) : BILLING_MESSAGES.couponCodeRequired;
    if (problem) return setError(problem);
    setError(null);
    try {
      await create.mutateAsync({ code: normalized, discount: Number(discount), membershipTier: tier, usageLimit: Number(usageLimit), validUntil });
      setSuccess(couponCreatedMessage(normalized));
      setCode("");
      later(() => setSuccess(null), SUCCESS_MS);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : BILLING_MESSAGES.couponCreateFailed);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
      <FormField label="Coupon code" value={code} onChange={(event) => setCode(event.target.value.toUpperCase())} placeholder="SPRING25" />
      <FormField label="Discount (%)" type="number" min={1} max={100} value={discount} onChange={(event) => setDiscount(event.target.value)} />
      <div className="grid gap-1.5">
        <Label htmlFor="coupon-tier">Membership tier</Label>
        <select id="coupon-tier" value={tier} onChange={(event) => setTier(event.target.value as PaidTier)} className="h-10 rounded-md border border-border bg-surface px-3 text-sm text-ink">
          {PAID_TIERS.map((value) => (
            <option key={value} value={value}>
              {PLANS[value].name}
            </option>
          ))}
        </select>
      </div>
      <FormField label="Usage limit" type="number" min={1} max={MAX_COUPON_USES} value={usageLimit} onChange={(event) => setUsageLimit(event.target.value)} />
      <FormField label="Valid until" type="date" value={validUntil} onChange={(event) => setValidUntil(event.target.value)} />
      <div className="flex items-end">
        <Button type="submit" disabled={create.isPending}>
          Create coupon
        </Button>
      </div>
      {error ? <Alert variant="error" className="sm:col-span-2">{error}</Alert> : null}
      {success ? <Alert variant="success" className="sm:col-span-2">{success}</Alert> : null}
    </form>
  );
}
