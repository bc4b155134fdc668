import { useState, type FormEvent } from "react";
import { MailCheck } from "lucide-react";
import { AUTH_MESSAGES } from "../../../../common/contracts/auth";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { authClient } from "../../../lib/auth-client";
import { paths } from "../../../lib/paths";
import { AUTH_UI_MESSAGES } from "../messages";
import { validateResetRequest } from "../validation";

type ForgotPasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail: string;
};

/** The forgot-password sub-modal: an email field, then "Check your email" (spec 000 §2, §4). */
export function ForgotPasswordDialog({ open, onOpenChange, defaultEmail }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open ? <ForgotPasswordForm defaultEmail={defaultEmail} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function ForgotPasswordForm({ defaultEmail, onDone }: { defaultEmail: string; onDone: () => void }) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<"form" | "submitting" | "sent">("form");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateResetRequest({ email });
    setError(found.email);
    setFormError(null);
    if (found.email) return;
    setStatus("submitting");
    try {
      const result = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: paths.resetPassword });
      if (result.error) {
        // A rate limit is worth saying as such; anything else gets the spec's message.
        setFormError(result.error.status === 429 && result.error.message ? result.error.message : AUTH_MESSAGES.resetEmailFailed);
        setStatus("form");
        return;
      }
      setStatus("sent");
    } catch {
      setFormError(AUTH_MESSAGES.resetEmailFailed);
      setStatus("form");
    }
  }

  if (status === "sent") {
    return (
      <div className="grid gap-5 text-center">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-success-soft text-success">
          <MailCheck className="size-6" aria-hidden />
        </span>
        <DialogHeader className="mb-0 pr-0">
          <DialogTitle>{AUTH_MESSAGES.resetCheckEmail}</DialogTitle>
          <DialogDescription>{AUTH_UI_MESSAGES.resetEmailSent(email.trim())}</DialogDescription>
        </DialogHeader>
        <Button size="lg" onClick={onDone}>
          Back to log in
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <DialogHeader className="mb-0">
        <DialogTitle>Reset your password</DialogTitle>
        <DialogDescription>Enter the email address of your account and we will send you a link to choose a new password.</DialogDescription>
      </DialogHeader>
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        disabled={status === "submitting"}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" size="lg" disabled={status === "submitting"}>
        {status === "submitting" ? <Spinner className="size-4 text-current" label="Sending" /> : null}
        {status === "submitting" ? "Sending reset link..." : "Send reset link"}
      </Button>
    </form>
  );
}
