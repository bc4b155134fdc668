import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EMAIL_DELAYS_MS, EMAIL_MESSAGES, GMAIL_AUTH_CHANNEL, GMAIL_AUTH_SUCCESS } from "../../../../common/contracts/email";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../lib/paths";
import { useAuthorizeGmail } from "../api";
import { errorText } from "../error-text";

const UNSIGNED_CONSENT = "this authorization was not started from the admin panel";

type State = { step: "loading" } | { step: "success" } | { step: "error"; message: string };

/**
 * /callback (spec 001 §2.8, §4): hands Google's code to the server, then, 3 s after success, tells the
 * window that opened it, closes, and goes to /admin/email.
 */
export function GmailCallback() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const authorize = useAuthorizeGmail();
  const code = searchParams.get("code");
  const state = searchParams.get("state") ?? undefined;
  // Without the state this server signed, the code may be someone else's account planted in a link: never exchanged.
  const [result, setResult] = useState<State>(
    !code ? { step: "error", message: EMAIL_MESSAGES.callbackNoCode } : !state ? { step: "error", message: `${EMAIL_MESSAGES.callbackFailedPrefix}${UNSIGNED_CONSENT}` } : { step: "loading" },
  );
  const started = useRef(false);

  useEffect(() => {
    // A code works once: React's development double effect must not send it twice.
    if (!code || !state || started.current) return;
    started.current = true;
    authorize.mutate(
      { code, state },
      {
        onSuccess: () => setResult({ step: "success" }),
        onError: (error) => setResult({ step: "error", message: `${EMAIL_MESSAGES.callbackFailedPrefix}${errorText(error, EMAIL_MESSAGES.authorizeFailed)}` }),
      },
    );
  }, [authorize, code, state]);

  useEffect(() => {
    if (result.step !== "success") return;
    const timer = window.setTimeout(() => {
      window.opener?.postMessage({ type: GMAIL_AUTH_SUCCESS }, window.location.origin);
      const channel = new BroadcastChannel(GMAIL_AUTH_CHANNEL);
      channel.postMessage({ type: GMAIL_AUTH_SUCCESS });
      channel.close();
      try {
        window.close();
      } catch (error) {
        console.error("closing the authorization window failed", error);
      }
      void navigate(paths.admin.email, { replace: true });
    }, EMAIL_DELAYS_MS.callbackClose);
    return () => window.clearTimeout(timer);
  }, [navigate, result.step]);

  return (
    <div className="mx-auto grid w-full max-w-lg px-4 py-16">
      <Card>
        {result.step === "loading" ? (
          <>
            <CardHeader>
              <CardTitle>{EMAIL_MESSAGES.callbackLoadingTitle}</CardTitle>
            </CardHeader>
            <CardContent className="grid justify-items-center gap-4 text-center">
              <Spinner className="size-8" label={EMAIL_MESSAGES.callbackLoadingTitle} />
              <p className="text-sm text-muted">{EMAIL_MESSAGES.callbackLoadingText}</p>
            </CardContent>
          </>
        ) : result.step === "success" ? (
          <>
            <CardHeader>
              <CardTitle>{EMAIL_MESSAGES.callbackSuccessTitle}</CardTitle>
            </CardHeader>
            <CardContent>
              <Alert variant="success">{EMAIL_MESSAGES.callbackSuccessText}</Alert>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <CardTitle>{EMAIL_MESSAGES.callbackErrorTitle}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Alert variant="error">{result.message}</Alert>
              <div>
                <Button asChild>
                  <Link to={paths.admin.email}>{EMAIL_MESSAGES.callbackReturn}</Link>
                </Button>
              </div>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
