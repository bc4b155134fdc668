import { useState, type FormEvent } from "react";
import { TWO_FACTOR_MESSAGES } from "../../../../common/contracts/settings";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import type { SecondFactor } from "../two-factor";

type TwoFactorStepProps = {
  busy: boolean;
  submitting: boolean;
  onSubmit: (kind: SecondFactor, code: string) => void;
  onBack: () => void;
};

const copy = {
  totp: {
    label: "Authentication code",
    hint: "The 6-digit code your authenticator app shows for this community.",
    placeholder: "123456",
    required: TWO_FACTOR_MESSAGES.codeRequired,
    switchTo: "Use a recovery code instead",
  },
  recovery: {
    label: "Recovery code",
    hint: "One of the codes you saved when you turned on two-factor authentication. Each works once.",
    placeholder: "abcde-12345",
    required: TWO_FACTOR_MESSAGES.recoveryCodeRequired,
    switchTo: "Use the authenticator app instead",
  },
} as const;

/** Second step of an admin's sign-in: the authenticator app's code, or a recovery code. */
export function TwoFactorStep({ busy, submitting, onSubmit, onBack }: TwoFactorStepProps) {
  const [kind, setKind] = useState<SecondFactor>("totp");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const text = copy[kind];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) return setError(text.required);
    onSubmit(kind, code);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormField
        key={kind}
        label={text.label}
        value={code}
        error={error}
        hint={text.hint}
        placeholder={text.placeholder}
        autoComplete="one-time-code"
        inputMode={kind === "totp" ? "numeric" : "text"}
        maxLength={kind === "totp" ? 6 : 64}
        autoFocus
        disabled={busy}
        onChange={(event) => {
          setCode(kind === "totp" ? event.target.value.replace(/\D/g, "") : event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {submitting ? <Spinner className="size-4 text-current" label="Verifying" /> : null}
        {submitting ? "Verifying..." : "Verify and log in"}
      </Button>
      <div className="flex flex-col items-center gap-1 text-sm sm:flex-row sm:justify-between">
        <Button
          variant="link"
          size="sm"
          disabled={busy}
          onClick={() => {
            setKind(kind === "totp" ? "recovery" : "totp");
            setCode("");
            setError(undefined);
          }}
        >
          {text.switchTo}
        </Button>
        <Button variant="link" size="sm" disabled={busy} onClick={onBack}>
          Back to log in
        </Button>
      </div>
    </form>
  );
}
