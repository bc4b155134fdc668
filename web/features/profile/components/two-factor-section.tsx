import { useState, type FormEvent } from "react";
import { ShieldCheck } from "lucide-react";
import { TWO_FACTOR_MESSAGES } from "../../../../common/contracts/settings";
import { AUTH_MESSAGES } from "../../../../common/contracts/auth";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { manualEntrySecret, useTwoFactorSetup, useTwoFactorStatus, type TwoFactorSetup } from "../two-factor-api";

type Step = { name: "idle" } | { name: "password" } | { name: "scan"; setup: TwoFactorSetup } | { name: "recovery"; codes: string[] } | { name: "disable" };

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : AUTH_MESSAGES.modalFallback);

/** Edit Profile → Two-factor authentication (admins): turn on with password, app and first code; turn off with password. */
export function TwoFactorSection({ className }: { className?: string }) {
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function goTo(next: Step) {
    setStep(next);
    setPassword("");
    setCode("");
    setFieldError(undefined);
    setError(null);
  }

  async function startSetup(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return setFieldError(AUTH_MESSAGES.passwordRequired);
    try {
      goTo({ name: "scan", setup: await setup.start.mutateAsync(password) });
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  async function confirmSetup(event: FormEvent<HTMLFormElement>, current: TwoFactorSetup) {
    event.preventDefault();
    if (!code.trim()) return setFieldError(TWO_FACTOR_MESSAGES.codeRequired);
    try {
      await setup.confirm.mutateAsync(code.trim());
      goTo({ name: "recovery", codes: current.backupCodes });
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  async function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return setFieldError(AUTH_MESSAGES.passwordRequired);
    try {
      await setup.disable.mutateAsync(password);
      goTo({ name: "idle" });
      setNotice(TWO_FACTOR_MESSAGES.disabled);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  const isEnabled = status.data?.enabled === true;

  return (
    <section aria-labelledby="two-factor-heading" className={cn("grid gap-4 rounded-lg border border-border p-4", className)}>
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-navy-600" aria-hidden />
        <div className="grid gap-1">
          <h3 id="two-factor-heading" className="text-base font-semibold text-ink">
            Two-factor authentication
          </h3>
          <p className="text-sm text-muted">
            {isEnabled && step.name !== "recovery"
              ? TWO_FACTOR_MESSAGES.enabled + " Logging in asks for a code from your authenticator app."
              : "Protect your admin account: after your password, logging in also asks for a code from an authenticator app."}
          </p>
        </div>
      </div>

      {notice && step.name === "idle" ? <Alert variant="success">{notice}</Alert> : null}
      {error ? <Alert variant="error">{error}</Alert> : null}

      {status.isPending ? (
        <Spinner className="size-5" label="Checking two-factor authentication" />
      ) : status.isError ? (
        <Alert variant="error">We could not check your two-factor authentication. Please try again later.</Alert>
      ) : step.name === "password" ? (
        <form noValidate onSubmit={(event) => void startSetup(event)} className="grid gap-3">
          <PasswordField value={password} error={fieldError} onChange={(value) => { setPassword(value); setFieldError(undefined); }} />
          <StepButtons busy={setup.start.isPending} submit="Continue" onCancel={() => goTo({ name: "idle" })} />
        </form>
      ) : step.name === "scan" ? (
        <form noValidate onSubmit={(event) => void confirmSetup(event, step.setup)} className="grid gap-4">
          <ol className="grid list-decimal gap-3 pl-5 text-sm text-ink">
            <li>
              Add this account to your authenticator app:{" "}
              <a href={step.setup.totpURI} className="font-semibold text-navy-600 underline underline-offset-4">
                open it in your authenticator app
              </a>{" "}
              or type this key:
              <code data-testid="two-factor-secret" className="mt-2 block rounded-md bg-navy-50 px-3 py-2 font-mono text-sm tracking-wider break-all text-ink">
                {manualEntrySecret(step.setup.totpURI)}
              </code>
              <details className="mt-2 text-xs text-muted">
                <summary className="cursor-pointer">Show the setup link</summary>
                <code data-testid="two-factor-uri" className="mt-1 block font-mono break-all">
                  {step.setup.totpURI}
                </code>
              </details>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <FormField
            label="Authentication code"
            value={code}
            error={fieldError}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, ""));
              setFieldError(undefined);
            }}
          />
          <StepButtons busy={setup.confirm.isPending} submit="Verify and turn on" onCancel={() => goTo({ name: "idle" })} />
        </form>
      ) : step.name === "recovery" ? (
        <div className="grid gap-3">
          <Alert variant="success">{TWO_FACTOR_MESSAGES.enabled}</Alert>
          <p className="text-sm text-ink">
            Save these recovery codes somewhere safe. Each one logs you in once if you lose your authenticator app. They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-navy-50 p-3 font-mono text-sm text-ink">
            {step.codes.map((recoveryCode) => (
              <li key={recoveryCode}>{recoveryCode}</li>
            ))}
          </ul>
          <div className="flex justify-end">
            <Button
              onClick={() => {
                goTo({ name: "idle" });
                void setup.finish();
              }}
            >
              I have saved my codes
            </Button>
          </div>
        </div>
      ) : step.name === "disable" ? (
        <form noValidate onSubmit={(event) => void turnOff(event)} className="grid gap-3">
          <PasswordField value={password} error={fieldError} onChange={(value) => { setPassword(value); setFieldError(undefined); }} />
          <StepButtons busy={setup.disable.isPending} submit="Turn off two-factor" danger onCancel={() => goTo({ name: "idle" })} />
        </form>
      ) : isEnabled ? (
        <div>
          <Button variant="outline" onClick={() => { setNotice(null); goTo({ name: "disable" }); }}>
            Turn off
          </Button>
        </div>
      ) : (
        <div>
          <Button onClick={() => { setNotice(null); goTo({ name: "password" }); }}>Turn on two-factor</Button>
        </div>
      )}
    </section>
  );
}

function PasswordField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <FormField
      label="Your password"
      type="password"
      autoComplete="current-password"
      value={value}
      error={error}
      hint="Confirm it is you."
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function StepButtons({ busy, submit, danger = false, onCancel }: { busy: boolean; submit: string; danger?: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={busy}>
        {busy ? <Spinner className="size-4 text-current" label="Working" /> : null}
        {submit}
      </Button>
    </div>
  );
}
