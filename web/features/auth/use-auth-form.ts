import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { AUTH_MESSAGES, type Profile } from "../../../common/contracts/auth";
import type { AwaitingApprovalResponse } from "../../../common/contracts/settings";
import { authClient } from "../../lib/auth-client";
import { DELAYS } from "../../lib/delays";
import { paths } from "../../lib/paths";
import { useTimers } from "../../lib/use-timers";
import { fetchViewer, setViewer } from "../session/api";
import type { AuthModalMode } from "./auth-modal-context";
import { AUTH_UI_MESSAGES } from "./messages";
import { asksForSecondFactor, verifySecondFactor, type SecondFactor } from "./two-factor";
import { hasErrors, validateLogin, validateSignUp, type FieldErrors } from "./validation";

export type AuthField = "name" | "email" | "password";
export type AuthStatus = "idle" | "submitting" | "success" | "redirecting";
/** Which part of the modal shows: the form, the second-factor step, or the note that sign-up awaits approval. */
export type AuthStage = "credentials" | "second-factor" | "awaiting-approval";

type Options = { initialMode: AuthModalMode; close: () => void; returnTo?: string };

function awaitsApproval(data: unknown): data is AwaitingApprovalResponse {
  return typeof data === "object" && data !== null && (data as { status?: unknown }).status === "awaiting-approval";
}

/** State machine of the log-in / sign-up modal (spec 000 §2, §4, §5, §8), with admins' second factor. */
export function useAuthForm({ initialMode, close, returnTo }: Options) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schedule = useTimers();
  const [mode, setMode] = useState<AuthModalMode>(initialMode);
  const [stage, setStage] = useState<AuthStage>("credentials");
  const [values, setValues] = useState<Record<AuthField, string>>({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<AuthField>>({});
  const [status, setStatus] = useState<AuthStatus>("idle");
  const [formError, setFormError] = useState<string | null>(null);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const isBusy = status !== "idle";

  function setValue(field: AuthField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Switch between log in and sign up; blocked while a request or redirect is under way. */
  function toggleMode() {
    if (isBusy) return;
    setMode((current) => (current === "login" ? "signup" : "login"));
    setStage("credentials");
    setErrors({});
    setFormError(null);
    setSuccessMessage(null);
  }

  /** Leaves the second-factor step for the password form; the password must be typed again. */
  function backToCredentials() {
    if (isBusy) return;
    setStage("credentials");
    setValues((current) => ({ ...current, password: "" }));
    setFormError(null);
  }

  function fail(message: string) {
    setFormError(message);
    setStatus("idle");
  }

  /**
   * Finish after the spec's delay: publish the session, close, go to the member's area.
   * The session is published only now so that no page redirects underneath the success message.
   */
  function finishAfter(ms: number, viewer: Promise<Profile | null>, targetFor: (viewer: Profile | null) => string) {
    schedule(() => {
      void viewer.then((resolved) => {
        setViewer(queryClient, resolved);
        close();
        void navigate(targetFor(resolved));
      });
    }, ms);
  }

  async function completeLogIn() {
    const viewer = await fetchViewer();
    if (!viewer) return fail(AUTH_MESSAGES.loginFailed);
    setStatus("success");
    setSuccessMessage(AUTH_MESSAGES.loginSuccess);
    finishAfter(DELAYS.loginRedirect, Promise.resolve(viewer), () => returnTo ?? (viewer.role === "admin" ? paths.admin.root : paths.members.root));
  }

  async function logIn() {
    const { data, error } = await authClient.signIn.email({ email: values.email.trim(), password: values.password });
    if (error) return fail(error.message || AUTH_MESSAGES.loginFailed);
    if (asksForSecondFactor(data)) {
      setStage("second-factor");
      setStatus("idle");
      return;
    }
    await completeLogIn();
  }

  async function signUp() {
    const { data, error } = await authClient.signUp.email({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
    });
    if (error) return fail(error.message || AUTH_MESSAGES.registrationFailed);
    if (awaitsApproval(data)) {
      setStage("awaiting-approval");
      setSuccessMessage(data.message);
      setStatus("idle");
      return;
    }
    setStatus("success");
    setSuccessMessage(AUTH_MESSAGES.signUpSuccess);
    finishAfter(DELAYS.signUpRedirect, fetchViewer().catch(() => null), () => returnTo ?? paths.members.root);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const found = mode === "login" ? validateLogin(values) : validateSignUp(values);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setStatus("submitting");
    try {
      await (mode === "login" ? logIn() : signUp());
    } catch {
      fail(AUTH_MESSAGES.modalFallback);
    }
  }

  /** The second-factor step: a code from the authenticator app or a recovery code, then the usual success and redirect. */
  async function submitSecondFactor(kind: SecondFactor, code: string) {
    if (isBusy) return;
    setFormError(null);
    setStatus("submitting");
    try {
      const { error } = await verifySecondFactor(kind, code.trim());
      if (error !== null) return fail(error || AUTH_MESSAGES.loginFailed);
      await completeLogIn();
    } catch {
      fail(AUTH_MESSAGES.modalFallback);
    }
  }

  /** Hands over to the social provider; the browser leaves the page on success. */
  async function continueWithProvider(provider: { id: string; label: string }) {
    if (isBusy) return;
    setFormError(null);
    setStatus("redirecting");
    try {
      const { error } = await authClient.signIn.social({
        provider: provider.id,
        callbackURL: paths.authCallback,
        errorCallbackURL: paths.authCallback,
      });
      if (error) fail(AUTH_UI_MESSAGES.socialLoginFailed(provider.label));
    } catch {
      fail(AUTH_UI_MESSAGES.socialLoginFailed(provider.label));
    }
  }

  return {
    mode,
    stage,
    values,
    errors,
    status,
    isBusy,
    formError,
    successMessage,
    setValue,
    toggleMode,
    backToCredentials,
    submit,
    submitSecondFactor,
    continueWithProvider,
  };
}
