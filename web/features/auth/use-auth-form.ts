import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { AUTH_MESSAGES, type Profile } from "../../../common/contracts/auth";
import { authClient } from "../../lib/auth-client";
import { DELAYS } from "../../lib/delays";
import { paths } from "../../lib/paths";
import { useTimers } from "../../lib/use-timers";
import { fetchViewer, setViewer } from "../session/api";
import type { AuthModalMode } from "./auth-modal-context";
import { AUTH_UI_MESSAGES } from "./messages";
import { hasErrors, validateLogin, validateSignUp, type FieldErrors } from "./validation";

export type AuthField = "name" | "email" | "password";
export type AuthStatus = "idle" | "submitting" | "success" | "redirecting";

type Options = { initialMode: AuthModalMode; close: () => void };

/** State machine of the log-in / sign-up modal (spec 000 §2, §4, §5, §8). */
export function useAuthForm({ initialMode, close }: Options) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schedule = useTimers();
  const [mode, setMode] = useState<AuthModalMode>(initialMode);
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
    setErrors({});
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

  async function logIn() {
    const { error } = await authClient.signIn.email({ email: values.email.trim(), password: values.password });
    if (error) return fail(error.message || AUTH_MESSAGES.loginFailed);
    const viewer = await fetchViewer();
    if (!viewer) return fail(AUTH_MESSAGES.loginFailed);
    setStatus("success");
    setSuccessMessage(AUTH_MESSAGES.loginSuccess);
    finishAfter(DELAYS.loginRedirect, Promise.resolve(viewer), () =>
      viewer.role === "admin" ? paths.admin.root : paths.members.root,
    );
  }

  async function signUp() {
    const { error } = await authClient.signUp.email({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
    });
    if (error) return fail(error.message || AUTH_MESSAGES.registrationFailed);
    setStatus("success");
    setSuccessMessage(AUTH_MESSAGES.signUpSuccess);
    finishAfter(DELAYS.signUpRedirect, fetchViewer().catch(() => null), () => paths.members.root);
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

  return { mode, values, errors, status, isBusy, formError, successMessage, setValue, toggleMode, submit, continueWithProvider };
}
