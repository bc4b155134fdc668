import { useEffect, useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Spinner } from "../../components/ui/spinner";
import { AUTH_UI_MESSAGES } from "../../features/auth/messages";
import { hasErrors, validateNewPassword, type FieldErrors } from "../../features/auth/validation";
import { authClient } from "../../lib/auth-client";
import { DELAYS } from "../../lib/delays";
import { paths } from "../../lib/paths";
import { useTimers } from "../../lib/use-timers";
import { AuthCard } from "./auth-card";

type Recovery = { isRecovery: boolean; token: string };

/** Reads `#type=recovery&token=...` from the reset mail's link. */
function readRecoveryHash(hash: string): Recovery {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return { isRecovery: params.get("type") === "recovery", token: params.get("token") ?? "" };
}

/** /reset-password (spec 000 §2, §4): form, submitting, success, then home after 3 s. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const schedule = useTimers();
  // Read once: the token is then removed from the address bar and history.
  const [recovery] = useState(() => readRecoveryHash(window.location.hash));
  const [values, setValues] = useState({ password: "", confirm: "" });
  const [errors, setErrors] = useState<FieldErrors<"password" | "confirm">>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<"form" | "submitting" | "success">("form");

  useEffect(() => {
    if (recovery.isRecovery && window.location.hash) window.history.replaceState(window.history.state, "", paths.resetPassword);
  }, [recovery.isRecovery]);

  if (!recovery.isRecovery) return <Navigate to={paths.home} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== "form") return;
    const found = validateNewPassword(values);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setStatus("submitting");
    try {
      const { error } = await authClient.resetPassword({ newPassword: values.password, token: recovery.token });
      if (error) {
        setFormError(error.message || AUTH_MESSAGES.passwordUpdateFailed);
        setStatus("form");
        return;
      }
      setStatus("success");
      schedule(() => void navigate(paths.home, { replace: true }), DELAYS.passwordResetRedirect);
    } catch {
      setFormError(AUTH_MESSAGES.passwordUpdateFailed);
      setStatus("form");
    }
  }

  if (status === "success") {
    return (
      <AuthCard title={AUTH_UI_MESSAGES.passwordUpdatedTitle}>
        <Alert variant="success">{AUTH_UI_MESSAGES.passwordUpdatedBody}</Alert>
      </AuthCard>
    );
  }

  const setValue = (field: "password" | "confirm", value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const isSubmitting = status === "submitting";

  return (
    <AuthCard title="Choose a new password" description="Use at least 6 characters. You will log in with it from now on.">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          disabled={isSubmitting}
          onChange={(event) => setValue("password", event.target.value)}
        />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          error={errors.confirm}
          disabled={isSubmitting}
          onChange={(event) => setValue("confirm", event.target.value)}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="size-4 text-current" label="Updating password" /> : null}
          {isSubmitting ? "Updating password..." : "Update password"}
        </Button>
      </form>
    </AuthCard>
  );
}
