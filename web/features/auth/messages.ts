/**
 * Texts of the sign-in flows that are not in common/contracts/auth.ts: the spec's
 * templated strings (000 §8 social login) and the app's own helper copy.
 */
export const AUTH_UI_MESSAGES = {
  /** Spec 000 §8: "Failed to login with Google. Please try again." with the provider's label. */
  socialLoginFailed: (label: string) => `Failed to login with ${label}. Please try again.`,
  continueWith: (label: string) => `Continue with ${label}`,
  resetEmailSent: (email: string) =>
    `If an account exists for ${email}, we have sent it a link to choose a new password. The link works once and expires in 1 hour.`,
  passwordUpdatedTitle: "Password updated",
  passwordUpdatedBody: "Your new password is saved. Taking you to the home page so you can log in...",
  authCallbackWorking: "Signing you in...",
  authCallbackRedirectHome: "Taking you back to the home page...",
} as const;
