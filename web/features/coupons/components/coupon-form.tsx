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

type CouponField = "code" | "discount" | "usageLimit" | "validUntil";
type CouponErrors = Partial<Record<CouponField, string>>;

interface CouponValues {
  code: string;
  discount: string;
  tier: PaidTier;
  usageLimit: string;
  validUntil: string;
}

/** Spec 001 §8: 10 %, the inventor tier, 100 uses, expiring three months ahead. */
const defaults = (): CouponValues => ({ code: "", discount: "10", tier: "inventor", usageLimit: "100", validUntil: threeMonthsAhead() });

function discountProblem(discount: number): string | undefined {
  if (Number.isFinite(discount) && !Number.isInteger(discount)) return BILLING_MESSAGES.discountWhole;
  if (!Number.isInteger(discount) || discount < 1 || discount > 100) return BILLING_MESSAGES.discountRange;
  return undefined;
}

function usageLimitProblem(usageLimit: number): string | undefined {
  if (usageLimit <= 0) return BILLING_MESSAGES.usageLimitPositive;
  if (!Number.isInteger(usageLimit) || usageLimit > MAX_COUPON_USES) return BILLING_MESSAGES.usageLimitRange;
  return undefined;
}

function validUntilProblem(validUntil: string): string | undefined {
  if (!validUntil) return BILLING_MESSAGES.validUntilRequired;
  const end = endOfChosenDay(validUntil);
  if (!end) return BILLING_MESSAGES.validUntilInvalid;
  if (end.getTime() <= Date.now()) return BILLING_MESSAGES.validUntilFuture;
  return undefined;
}

/** Every field's problem at once, with the server's own messages (the server enforces the same rules). */
function validate(values: CouponValues): CouponErrors {
  const errors: CouponErrors = {
    code: normalizeCouponCode(values.code) ? undefined : BILLING_MESSAGES.couponCodeRequired,
    discount: discountProblem(Number(values.discount)),
    usageLimit: usageLimitProblem(Number(values.usageLimit)),
    validUntil: validUntilProblem(values.validUntil),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as CouponErrors;
}

const COUPON_FIELDS: readonly CouponField[] = ["code", "discount", "usageLimit", "validUntil"];

/** Admin Settings → Coupon Codes: the create form with the spec's defaults, each field's problem beside it, empty again once created. */
export function CouponForm() {
  const { create } = useCouponMutations();
  const later = useTimers();
  const [values, setValues] = useState<CouponValues>(defaults);
  const [errors, setErrors] = useState<CouponErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const change = (field: keyof CouponValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field as CouponField]: _cleared, ...rest }) => rest);
  };
  const field = (name: CouponField) => ({ value: values[name], error: errors[name], onChange: (event: { target: { value: string } }) => change(name, event.target.value) });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSuccess(null);
    setFormError(null);
    const problems = validate(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusFirstInvalid(form);
    const code = normalizeCouponCode(values.code);
    try {
      await create.mutateAsync({ code, discount: Number(values.discount), membershipTier: values.tier, usageLimit: Number(values.usageLimit), validUntil: values.validUntil });
      setSuccess(couponCreatedMessage(code));
      setValues(defaults());
      later(() => setSuccess(null), SUCCESS_MS);
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.status < 500 ? failure : null;
      const fieldErrors = Object.fromEntries(COUPON_FIELDS.flatMap((name) => (refused?.fields?.[name] ? [[name, refused.fields[name]]] : []))) as CouponErrors;
      setErrors(fieldErrors);
      setFormError(Object.keys(fieldErrors).length > 0 ? null : (refused?.message ?? BILLING_MESSAGES.couponCreateFailed));
      focusFirstInvalid(form);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
      <FormField label="Coupon code" {...field("code")} onChange={(event) => change("code", event.target.value.toUpperCase())} placeholder="e.g. SPRING25" />
      <FormField label="Discount (%)" type="number" min={1} max={100} {...field("discount")} />
      <div className="grid content-start gap-1.5">
        <Label htmlFor="coupon-tier">Membership tier</Label>
        <select id="coupon-tier" value={values.tier} onChange={(event) => change("tier", event.target.value)} className="h-11 rounded-md border border-border bg-surface px-3 text-base text-ink sm:text-sm">
          {PAID_TIERS.map((value) => (
            <option key={value} value={value}>
              {PLANS[value].name}
            </option>
          ))}
        </select>
      </div>
      <FormField label="Usage limit" type="number" min={1} max={MAX_COUPON_USES} {...field("usageLimit")} />
      <FormField label="Valid until" type="date" {...field("validUntil")} />
      <div className="flex items-end">
        <Button type="submit" disabled={create.isPending}>
          Create coupon
        </Button>
      </div>
      {formError ? <Alert variant="error" className="sm:col-span-2">{formError}</Alert> : null}
      {success ? <Alert variant="success" className="sm:col-span-2">{success}</Alert> : null}
    </form>
  );
}

/** After the render that marks them: the first field with a problem takes the focus. */
function focusFirstInvalid(form: HTMLFormElement): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
