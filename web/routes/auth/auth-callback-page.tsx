import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AUTH_MESSAGES } from "../../../common/contracts/auth";
import { AWAITING_APPROVAL, SETTINGS_MESSAGES } from "../../../common/contracts/settings";
import { Alert } from "../../components/ui/alert";
import { Spinner } from "../../components/ui/spinner";
import { AUTH_UI_MESSAGES } from "../../features/auth/messages";
import { fetchViewer, setViewer } from "../../features/session/api";
import { DELAYS } from "../../lib/delays";
import { paths } from "../../lib/paths";
import { AuthCard } from "./auth-card";

/** /auth/callback (spec 000 §2, 001 §2.9): read the session, then admin to /admin, others to /members. */
export default function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const providerError = searchParams.get("error");
  const session = useQuery({
    queryKey: ["auth-callback"],
    queryFn: fetchViewer,
    enabled: !providerError,
    retry: false,
    gcTime: 0,
  });

  // A first sign-in that created an account awaiting an admin's approval is no failure: it says what the email sign-up says.
  const isAwaitingApproval = providerError === AWAITING_APPROVAL;
  const message = isAwaitingApproval
    ? SETTINGS_MESSAGES.awaitingApproval
    : providerError || session.isError
      ? AUTH_MESSAGES.authFailed
      : session.isSuccess && !session.data
        ? AUTH_MESSAGES.noSession
        : null;
  const viewer = session.data;

  useEffect(() => {
    if (!viewer) return;
    // Publish the session first so the guard of the next page sees it.
    setViewer(queryClient, viewer);
    void navigate(viewer.role === "admin" ? paths.admin.root : paths.members.root, { replace: true });
  }, [navigate, queryClient, viewer]);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => void navigate(paths.home, { replace: true }), DELAYS.authCallbackErrorRedirect);
    return () => window.clearTimeout(timer);
  }, [message, navigate]);

  if (message) {
    return (
      <AuthCard title={isAwaitingApproval ? "Thank you for joining." : "Sign-in did not complete"}>
        <div className="grid gap-3">
          <Alert variant={isAwaitingApproval ? "success" : "error"}>{message}</Alert>
          <p className="text-sm text-muted">{AUTH_UI_MESSAGES.authCallbackRedirectHome}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={AUTH_UI_MESSAGES.authCallbackWorking}>
      <div className="flex justify-center py-4">
        <Spinner className="size-8" label={AUTH_UI_MESSAGES.authCallbackWorking} />
      </div>
    </AuthCard>
  );
}
