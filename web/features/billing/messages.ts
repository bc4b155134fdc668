/** Texts of the checkout result pages (spec 000 §2, §4). */
export const CHECKOUT_TEXTS = {
  successTitle: "Payment Successful",
  cancelTitle: "Payment Cancelled",
  cancelBody: "Your payment was cancelled and no charges were made.",
  returnHome: "Return to Homepage",
} as const;

export const welcomeToTier = (tierName: string) => `Welcome to the ${tierName} membership!`;
export const subscriptionEndsOn = (date: string) => `Your subscription will end on ${date}`;
/** An upgrade undoes a cancellation at the period end: said before the member confirms. */
export const upgradeResumesSubscription = (renewsOn: string) => `Upgrading resumes your subscription; it renews on ${renewsOn}.`;
/** The plan that applies now on a subscription that ended, and when the paid plan ended. */
export const planEndedOn = (currentPlan: string, endedPlan: string, endedOn: string) => `${currentPlan} — your ${endedPlan} plan ended on ${endedOn}`;
