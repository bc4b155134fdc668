import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { AUTH_MESSAGES, type PublicConfig } from "../../../common/contracts/auth";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Spinner } from "../../components/ui/spinner";
import { fetchViewer, setViewer } from "../../features/session/api";
import { hasErrors, validateTestLogin, type FieldErrors } from "../../features/auth/validation";
import { authClient } from "../../lib/auth-client";
import { paths } from "../../lib/paths";

type SignedIn = { email: string; isAdmin: boolean };

/** Email and password login of /test-login, with the demo admin's credentials when the server shares them. */
export function TestLoginForm({ demoAdmin }: { demoAdmin: PublicConfig["demoAdmin"] }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ email: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<"email" | "password">>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState<SignedIn | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateTestLogin(values);
    setErrors(found);
    setFormError(null);
    setSignedIn(null);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      const { error } = await authClient.signIn.email({ email: values.email.trim(), password: values.password });
      if (error) {
        setFormError(error.message || AUTH_MESSAGES.loginFailed);
        return;
      }
      const viewer = await fetchViewer();
      setViewer(queryClient, viewer);
      setSignedIn(viewer ? { email: viewer.email, isAdmin: viewer.role === "admin" } : null);
      if (!viewer) setFormError(AUTH_MESSAGES.loginFailed);
    } catch {
      setFormError(AUTH_MESSAGES.modalFallback);
    } finally {
      setSubmitting(false);
    }
  }

  const setValue = (field: "email" | "password", value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Log in</CardTitle>
        <CardDescription>Sign in with any account to try the members and admin areas.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          {signedIn ? (
            <Alert variant="success">
              Signed in as {signedIn.email}.{" "}
              <Link className="underline" to={signedIn.isAdmin ? paths.admin.root : paths.members.root}>
                {signedIn.isAdmin ? "Open the admin area" : "Open the members area"}
              </Link>
            </Alert>
          ) : null}
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            error={errors.email}
            disabled={isSubmitting}
            onChange={(event) => setValue("email", event.target.value)}
          />
          <FormField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            disabled={isSubmitting}
            onChange={(event) => setValue("password", event.target.value)}
          />
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? <Spinner className="size-4 text-current" label="Logging in" /> : null}
            {isSubmitting ? "Logging in..." : "Log in"}
          </Button>
        </form>
        {demoAdmin ? (
          <div className="mt-6 grid gap-3 rounded-lg border border-brass-200 bg-brass-50 p-4 text-sm">
            <p className="font-semibold text-ink">Sample admin credentials</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-muted">Email</dt>
              <dd className="font-mono break-all text-ink">{demoAdmin.email}</dd>
              <dt className="text-muted">Password</dt>
              <dd className="font-mono break-all text-ink">{demoAdmin.password}</dd>
            </dl>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setValues({ ...demoAdmin })}>
              Use these credentials
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
