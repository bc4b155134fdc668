/** Delays of the spec (000 §9), in milliseconds. */
export const DELAYS = {
  loginRedirect: 1000,
  signUpRedirect: 1500,
  passwordResetRedirect: 3000,
  authCallbackErrorRedirect: 3000,
  profileModalClose: 1500,
} as const;
