import { useState } from "react";
import { SETTINGS_MESSAGES } from "../../../../common/contracts/settings";
import { usePublicConfig } from "../../config/api";
import { usePublicSettings } from "../../settings/api";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import type { AuthModalMode } from "../auth-modal-context";
import { useAuthForm } from "../use-auth-form";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { SocialLoginButtons } from "./social-login-buttons";
import { TwoFactorStep } from "./two-factor-step";

type AuthModalProps = {
  open: boolean;
  initialMode: AuthModalMode;
  returnTo?: string;
  close: () => void;
};

const copy = {
  login: {
    title: "Log in to your account",
    description: "Welcome back. Pick up where you left off in the members area.",
    submit: "Log in",
    submitting: "Logging in...",
    togglePrompt: "New to the community?",
    toggleAction: "Sign up free",
  },
  signup: {
    title: "Create your free account",
    description: "Join inventors and Brand CEOs who build and sell their own products. Upgrade whenever you are ready.",
    submit: "Create free account",
    submitting: "Creating your account...",
    togglePrompt: "Already a member?",
    toggleAction: "Log in",
  },
} as const;

const SECOND_FACTOR_DESCRIPTION = "Your account uses two-factor authentication. Enter the code from your authenticator app to finish logging in.";

/** The one log-in / sign-up modal (spec 000 §2). Mounted fresh on every open, so closing resets it. */
export function AuthModal({ open, initialMode, returnTo, close }: AuthModalProps) {
  const form = useAuthForm({ initialMode, returnTo, close });
  const config = usePublicConfig();
  const settings = usePublicSettings();
  const [isForgotOpen, setForgotOpen] = useState(false);
  const text = copy[form.mode];
  const isSubmitting = form.status === "submitting";
  // Until the settings answer, sign-up stays offered: the server refuses it anyway while closed.
  const isRegistrationClosed = settings.data?.allowRegistration === false;
  const isSignUpClosed = form.mode === "signup" && isRegistrationClosed;

  const messages = (
    <>
      {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
      {form.successMessage ? <Alert variant="success">{form.successMessage}</Alert> : null}
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Once a request or redirect is under way the modal stays until it finishes.
        if (!next && !form.isBusy) close();
      }}
    >
      <DialogContent hideClose={form.isBusy}>
        {form.stage === "second-factor" ? (
          <div className="grid gap-5">
            <DialogHeader className="mb-0">
              <DialogTitle>{copy.login.title}</DialogTitle>
              <DialogDescription>{SECOND_FACTOR_DESCRIPTION}</DialogDescription>
            </DialogHeader>
            {messages}
            <TwoFactorStep
              busy={form.isBusy}
              submitting={isSubmitting}
              onSubmit={(kind, code) => void form.submitSecondFactor(kind, code)}
              onBack={form.backToCredentials}
            />
          </div>
        ) : form.stage === "awaiting-approval" ? (
          <div className="grid gap-5">
            <DialogHeader className="mb-0">
              <DialogTitle>{copy.signup.title}</DialogTitle>
              <DialogDescription>Thank you for joining.</DialogDescription>
            </DialogHeader>
            {messages}
            <Button size="lg" onClick={close}>
              Close
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void form.submit(event)} className="grid gap-5">
            <DialogHeader className="mb-0">
              <DialogTitle>{text.title}</DialogTitle>
              <DialogDescription>{text.description}</DialogDescription>
            </DialogHeader>

            {messages}

            {isSignUpClosed ? (
              <Alert variant="info">{SETTINGS_MESSAGES.registrationClosed}</Alert>
            ) : (
              <>
                <SocialLoginButtons
                  providers={config.data?.socialProviders ?? []}
                  disabled={form.isBusy}
                  onSelect={(provider) => void form.continueWithProvider(provider)}
                />

                {form.mode === "signup" ? (
                  <FormField
                    label="Full name"
                    autoComplete="name"
                    value={form.values.name}
                    error={form.errors.name}
                    disabled={form.isBusy}
                    onChange={(event) => form.setValue("name", event.target.value)}
                  />
                ) : null}
                <FormField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  value={form.values.email}
                  error={form.errors.email}
                  disabled={form.isBusy}
                  onChange={(event) => form.setValue("email", event.target.value)}
                />
                <FormField
                  label="Password"
                  type="password"
                  autoComplete={form.mode === "login" ? "current-password" : "new-password"}
                  value={form.values.password}
                  error={form.errors.password}
                  hint={form.mode === "signup" ? "At least 6 characters." : undefined}
                  disabled={form.isBusy}
                  onChange={(event) => form.setValue("password", event.target.value)}
                  labelAside={
                    form.mode === "login" ? (
                      <Button variant="link" size="sm" disabled={form.isBusy} onClick={() => setForgotOpen(true)}>
                        Forgot password?
                      </Button>
                    ) : null
                  }
                />

                <Button type="submit" size="lg" disabled={form.isBusy}>
                  {isSubmitting ? <Spinner className="size-4 text-current" label={text.submitting} /> : null}
                  {isSubmitting ? text.submitting : text.submit}
                </Button>
              </>
            )}

            <p className="text-center text-sm text-muted">
              {text.togglePrompt}{" "}
              <Button variant="link" size="sm" disabled={form.isBusy} onClick={form.toggleMode}>
                {text.toggleAction}
              </Button>
              {form.mode === "login" && isRegistrationClosed ? (
                <span className="mt-1 block text-xs">{SETTINGS_MESSAGES.registrationClosed}</span>
              ) : null}
            </p>
          </form>
        )}
        <ForgotPasswordDialog open={isForgotOpen} onOpenChange={setForgotOpen} defaultEmail={form.values.email} />
      </DialogContent>
    </Dialog>
  );
}
