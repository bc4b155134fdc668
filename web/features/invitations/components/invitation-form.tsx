import { useState, type FormEvent } from "react";
import { PAID_TIERS, PLANS, type PaidTier } from "../../../../common/tiers";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useTimers } from "../../../lib/use-timers";
import { useGeneralSettings } from "../../settings/api";
import { useInvitationMutations } from "../api";
import { INVITATION_NOTICE_MS, INVITATION_UI_MESSAGES as TEXT } from "../messages";
import { hasErrors, validateInvitation, type FieldErrors } from "../validation";

type Field = "email" | "name";

/** Admin Settings → Invitations: recipient email, name and tier, all required (spec 001 §5). */
export function InvitationForm() {
  const { create } = useInvitationMutations();
  const settings = useGeneralSettings();
  const later = useTimers();
  const [values, setValues] = useState({ email: "", name: "" });
  // Null until the admin picks one: the community's default tier applies (General Settings).
  const [chosenTier, setChosenTier] = useState<PaidTier | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [replaceWarning, setReplaceWarning] = useState<string | null>(null);
  const tier = chosenTier ?? settings.data?.defaultTier ?? "inventor";

  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function send(replace: boolean) {
    const email = values.email.trim();
    try {
      await create.mutateAsync({ email, name: values.name.trim(), membershipTier: tier, ...(replace ? { replace } : {}) });
      setReplaceWarning(null);
      setSuccess(TEXT.sent(email));
      setValues({ email: "", name: "" });
      setChosenTier(null);
      later(() => setSuccess(null), INVITATION_NOTICE_MS);
    } catch (error) {
      setReplaceWarning(null);
      if (error instanceof ApiError && error.fields?.replace) {
        // A live invitation to this address: its link dies with a new one, so the admin decides.
        setReplaceWarning(error.fields.replace);
      } else if (error instanceof ApiError && error.fields && (error.fields.email || error.fields.name)) {
        // A refusal about one field (an existing account, a bad address) belongs under that field.
        setErrors({ email: error.fields.email, name: error.fields.name });
      } else {
        setFailure(TEXT.sendFailed);
      }
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    setSuccess(null);
    setFailure(null);
    const found = validateInvitation(values);
    setErrors(found);
    if (hasErrors(found)) return;
    await send(false);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4 md:grid-cols-[1fr_1fr_12rem]" noValidate>
      <FormField
        label="Recipient email"
        type="email"
        autoComplete="off"
        value={values.email}
        error={errors.email}
        disabled={create.isPending}
        onChange={(event) => setValue("email", event.target.value)}
        placeholder="name@example.com"
      />
      <FormField
        label="Recipient name"
        autoComplete="off"
        value={values.name}
        error={errors.name}
        disabled={create.isPending}
        onChange={(event) => setValue("name", event.target.value)}
        placeholder="e.g. Jane Inventor"
      />
      <div className="grid content-start gap-1.5">
        <Label htmlFor="invitation-tier">Membership tier</Label>
        <select
          id="invitation-tier"
          required
          value={tier}
          disabled={create.isPending}
          onChange={(event) => setChosenTier(event.target.value as PaidTier)}
          className="h-11 rounded-md border border-border bg-surface px-3 text-base text-ink shadow-xs sm:text-sm"
        >
          {PAID_TIERS.map((value) => (
            <option key={value} value={value}>
              {PLANS[value].name}
            </option>
          ))}
        </select>
      </div>
      <div className="md:col-span-3">
        <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
          {create.isPending ? <Spinner className="size-4 text-current" label="Sending invitation" /> : null}
          {create.isPending ? "Sending..." : "Send invitation"}
        </Button>
      </div>
      {failure ? (
        <Alert variant="error" className="md:col-span-3">
          {failure}
        </Alert>
      ) : null}
      {success ? (
        <Alert variant="success" className="md:col-span-3">
          {success}
        </Alert>
      ) : null}
      <Dialog open={replaceWarning !== null} onOpenChange={(open) => (open || create.isPending ? undefined : setReplaceWarning(null))}>
        <DialogContent className="max-w-md" hideClose={create.isPending}>
          <DialogHeader>
            <DialogTitle>{TEXT.replaceTitle}</DialogTitle>
            <DialogDescription>{replaceWarning}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setReplaceWarning(null)} disabled={create.isPending}>
              Keep the earlier invitation
            </Button>
            <Button onClick={() => void send(true)} disabled={create.isPending}>
              {create.isPending ? "Sending..." : TEXT.replaceConfirm}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </form>
  );
}
