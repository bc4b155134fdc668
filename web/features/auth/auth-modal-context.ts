import { createContext, useContext } from "react";

export type AuthModalMode = "login" | "signup";

export type AuthModalOptions = {
  /** Where a member lands once signed in, instead of the members area: the page they were buying on. */
  returnTo?: string;
};

type AuthModalContextValue = {
  /** Opens the log-in / sign-up modal on the given side, with empty fields. */
  openAuthModal: (mode: AuthModalMode, options?: AuthModalOptions) => void;
};

export const AuthModalContext = createContext<AuthModalContextValue | null>(null);

/** Open the log-in / sign-up modal from anywhere below AuthModalProvider. */
export function useAuthModal(): AuthModalContextValue {
  const context = useContext(AuthModalContext);
  if (!context) throw new Error("useAuthModal must be used inside AuthModalProvider");
  return context;
}
