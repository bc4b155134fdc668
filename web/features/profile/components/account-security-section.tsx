import { useState, type FormEvent } from "react";
import { KeyRound } from "lucide-react";
import { AUTH_MESSAGES } from "../../../../common/contracts/auth";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { hasErrors, validateNewPassword } from "../../auth/validation";
import { useChangePassword, useSignOutOtherDevices } from "../account-security-api";

export const ACCOUNT_SECURITY_TEXTS = {
  passwordChanged: "Password updated. You are still signed in here; every other device has been signed out.",
  otherDevicesSignedOut: "Signed out of all other devices.",
} as const;

type Fields = { current: string; password: string; confirm: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;
const EMPTY: Fields = { current: "", password: "", confirm: "" };

const messageOf = (failure: unknown, fallback: string) => (failure instanceof Error && failure.message ? failure.message : fallback);

/** Edit Profile → Password and devices: change the password (spec 000 §5 rules), sign out everywhere else. */
export function AccountSecuritySection({ className }: { className?: string }) {
  const changePassword = useChangePassword();
  const signOutOthers = useSignOutOtherDevices();
  const [isChanging, setChanging] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function edit(field: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function show(next: { changing: boolean; notice?: string | null }) {
    setChanging(next.changing);
    setFields(EMPTY);
    setErrors({});
    setError(null);
    setNotice(next.notice ?? null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changePassword.isPending) return;
    const found: FieldErrors = validateNewPassword({ password: fields.password, confirm: fields.confirm });
    if (!fields.current) found.current = AUTH_MESSAGES.passwordRequired;
    setErrors(found);
    setError(null);
    if (hasErrors(found)) return;
    try {
      await changePassword.mutateAsync({ currentPassword: fields.current, newPassword: fields.password });
      show({ changing: false, notice: ACCOUNT_SECURITY_TEXTS.passwordChanged });
    } catch (failure) {
      setError(messageOf(failure, AUTH_MESSAGES.passwordUpdateFailed));
    }
  }

  async function signOutEverywhereElse() {
    setError(null);
    setNotice(null);
    try {
      await signOutOthers.mutateAsync();
      setNotice(ACCOUNT_SECURITY_TEXTS.otherDevicesSignedOut);
    } catch (failure) {
      setError(messageOf(failure, AUTH_MESSAGES.modalFallback));
    }
  }

  return (
    <section aria-labelledby="account-security-heading" className={cn("grid gap-4 rounded-lg border border-border p-4", className)}>
      <div className="flex items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-navy-600" aria-hidden />
        <div className="grid gap-1">
          <h3 id="account-security-heading" className="text-base font-semibold text-ink">
            Password and devices
          </h3>
          <p className="text-sm text-muted">A new password signs you out everywhere else. Lost a phone or used a shared computer? Sign out of the other devices.</p>
        </div>
      </div>

      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {error ? <Alert variant="error">{error}</Alert> : null}

      {isChanging ? (
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3" aria-label="Change password">
          <FormField label="Current password" type="password" autoComplete="current-password" value={fields.current} error={errors.current} onChange={(event) => edit("current", event.target.value)} />
          <FormField label="New password" type="password" autoComplete="new-password" value={fields.password} error={errors.password} hint="At least 6 characters." onChange={(event) => edit("password", event.target.value)} />
          <FormField label="Confirm new password" type="password" autoComplete="new-password" value={fields.confirm} error={errors.confirm} onChange={(event) => edit("confirm", event.target.value)} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={changePassword.isPending} onClick={() => show({ changing: false })}>
              Cancel
            </Button>
            <Button type="submit" disabled={changePassword.isPending}>
              {changePassword.isPending ? <Spinner className="size-4 text-current" label="Saving" /> : null}
              {changePassword.isPending ? "Saving..." : "Change password"}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => show({ changing: true })}>
            Change password
          </Button>
          <Button variant="outline" disabled={signOutOthers.isPending} onClick={() => void signOutEverywhereElse()}>
            {signOutOthers.isPending ? <Spinner className="size-4 text-current" label="Signing out" /> : null}
            Sign out of all other devices
          </Button>
        </div>
      )}
    </section>
  );
}
