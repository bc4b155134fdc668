import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from "react";
import { AuthModalContext, type AuthModalMode, type AuthModalOptions } from "../auth-modal-context";

// The modal and better-auth's client load on first open, keeping them out of the home page's first script.
const AuthModal = lazy(() => import("./auth-modal").then((module) => ({ default: module.AuthModal })));

type ModalState = { open: boolean; mode: AuthModalMode; instance: number; returnTo?: string };

/** Provides `openAuthModal(mode, options)` to the whole app and renders the modal once. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState>({ open: false, mode: "login", instance: 0 });
  const openAuthModal = useCallback((mode: AuthModalMode, options?: AuthModalOptions) => {
    setState((current) => ({ open: true, mode, instance: current.instance + 1, returnTo: options?.returnTo }));
  }, []);
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  const value = useMemo(() => ({ openAuthModal }), [openAuthModal]);

  return (
    <AuthModalContext value={value}>
      {children}
      {state.instance > 0 ? (
        <Suspense fallback={null}>
          {/* A new key per opening gives the modal fresh, empty fields every time. */}
          <AuthModal key={state.instance} open={state.open} initialMode={state.mode} returnTo={state.returnTo} close={close} />
        </Suspense>
      ) : null}
    </AuthModalContext>
  );
}
