/** Texts of the checkout result pages (spec 000 §2, §4). */
export const CHECKOUT_TEXTS = {
  successTitle: "Payment Successful",
  cancelTitle: "Payment Cancelled",
  cancelBody: "Your payment was cancelled and no charges were made.",
  returnHome: "Return to Homepage",
} as const;

export const welcomeToTier = (tierName: string) => `Welcome to the ${tierName} membership!`;
export const subscriptionEndsOn = (date: string) => `Your subscription will end on ${date}`;
