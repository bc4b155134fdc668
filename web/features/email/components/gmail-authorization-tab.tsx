import { useEffect, useState, type FormEvent } from "react";
import { EMAIL_DELAYS_MS, EMAIL_MESSAGES, GMAIL_AUTH_CHANNEL, GMAIL_AUTH_SUCCESS, type EmailStatus } from "../../../../common/contracts/email";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { formatDateTime } from "../format-date";
import { fetchConsentUrl, useAuthorizeGmail, useRefreshEmailStatus, useResetGmail } from "../api";
import { errorText } from "../error-text";
import { ConfirmDialog } from "./confirm-dialog";

const SUCCESS_NOTICE = "Gmail authorization successful!";

/** Gmail Authorization (spec 001 §2.7): open Google's consent, paste the code, submit; or the status and Reset Authorization. */
export function GmailAuthorizationTab({ status }: { status: EmailStatus }) {
  const authorize = useAuthorizeGmail();
  const reset = useResetGmail();
  const refresh = useRefreshEmailStatus();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // The success notice shows for 3 s, whichever way the authorization completed.
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(false), EMAIL_DELAYS_MS.gmailNotice);
    return () => window.clearTimeout(timer);
  }, [notice]);

  // /callback, in the window step 1 opened, tells this page when it is done (to the opener, or on the channel).
  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin) return;
      if (typeof event.data !== "object" || event.data === null || (event.data as { type?: unknown }).type !== GMAIL_AUTH_SUCCESS) return;
      void refresh();
      setNotice(true);
    };
    const channel = new BroadcastChannel(GMAIL_AUTH_CHANNEL);
    channel.addEventListener("message", onMessage);
    window.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("message", onMessage);
      channel.close();
    };
  }, [refresh]);

  async function openConsent() {
    setError(null);
    try {
      window.open(await fetchConsentUrl(), "gmail-authorization", "width=600,height=720");
    } catch (failure) {
      setError(errorText(failure, EMAIL_MESSAGES.authorizationUrlFailed));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(EMAIL_MESSAGES.enterCode);
    setError(null);
    try {
      await authorize.mutateAsync({ code: code.trim() });
      setCode("");
      setNotice(true);
    } catch (failure) {
      setError(errorText(failure, EMAIL_MESSAGES.authorizeFailed));
    }
  }

  if (status.gmail.authorized) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Gmail is authorized</CardTitle>
          <CardDescription>{status.gmail.authorizedAt ? `Authorized on ${formatDateTime(status.gmail.authorizedAt)}. The refresh token is stored encrypted on the server.` : null}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {notice ? <Alert variant="success">{SUCCESS_NOTICE}</Alert> : null}
          <div>
            <Button variant="outline" onClick={() => setConfirming(true)}>
              Reset Authorization
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            title="Reset Authorization"
            question={EMAIL_MESSAGES.resetConfirm}
            confirmLabel="Reset"
            busy={reset.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => reset.mutate(undefined, { onSettled: () => setConfirming(false) })}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Authorize Gmail</CardTitle>
        <CardDescription>Send as the business&apos;s Gmail account. You approve once; the server keeps the authorization.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {!status.gmail.configured ? <Alert>No Google client is configured: set GMAIL_CLIENT_ID and GMAIL_CLIENT_SECRET on the server.</Alert> : null}
        {status.gmail.rejectedAt ? (
          <Alert variant="error" data-testid="gmail-rejected">
            {EMAIL_MESSAGES.grantRejected(formatDateTime(status.gmail.rejectedAt))}
          </Alert>
        ) : null}
        <section className="grid gap-2">
          <h3 className="font-semibold text-ink">Step 1: Open the authorization window</h3>
          <p className="text-sm text-muted">Sign in with the business&apos;s Google account and approve sending and composing email.</p>
          <div>
            <Button onClick={() => void openConsent()} disabled={!status.gmail.configured}>
              Authorize Gmail
            </Button>
          </div>
        </section>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <section className="grid gap-2">
            <h3 className="font-semibold text-ink">Step 2: Paste the authorization code</h3>
            <FormField label="Authorization code" value={code} onChange={(event) => setCode(event.target.value)} disabled={authorize.isPending} hint="Only needed when the window could not return to this site on its own." />
          </section>
          <section className="grid gap-2">
            <h3 className="font-semibold text-ink">Step 3: Submit</h3>
            <div>
              <Button type="submit" disabled={authorize.isPending}>
                {authorize.isPending ? "Submitting..." : "Submit Code"}
              </Button>
            </div>
          </section>
        </form>
        {error ? <Alert variant="error">{error}</Alert> : null}
        {notice ? <Alert variant="success">{SUCCESS_NOTICE}</Alert> : null}
      </CardContent>
    </Card>
  );
}
