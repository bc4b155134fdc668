import { z } from "zod";
import { PAID_TIERS } from "../tiers";
import { AUTH_MESSAGES, EmailSchema, PasswordSchema } from "./auth";
import { fieldError } from "../validation-messages";

/** Invitation texts, word for word from spec 001 §8. */
export const INVITATION_MESSAGES = {
  sent: (email: string) => `Invitation sent to ${email} successfully!`,
  resent: "Invitation resent successfully!",
  sendFailed: "Failed to send invitation. Please try again.",
  resendFailed: "Failed to resend invitation. Please try again.",
  invalidLink: "This invitation link is invalid or has already been used.",
  expiredLink: "This invitation has expired. Ask an admin to send you a new one.",
  alreadyMember: "An account with this email already exists",
  notPending: "This invitation has already been accepted.",
  notFound: "Invitation not found",
  /** Inviting an address that already holds a live invitation: said before the earlier link is killed. */
  replacesPending: (email: string, tierName: string, sentOn: string) =>
    `An invitation to ${email} for the ${tierName} tier, sent ${sentOn}, is still waiting. Sending this one replaces it, and the link in the earlier email stops working.`,
} as const;

/** Days an invitation link stays valid. */
export const INVITATION_DAYS = 7;

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  membershipTier: z.enum(PAID_TIERS),
  status: z.enum(["pending", "accepted", "expired"]),
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** GET /api/admin/invitations: pending first, then newest. */
export const InvitationsResponseSchema = z.object({ invitations: z.array(InvitationSchema) });
export type InvitationsResponse = z.infer<typeof InvitationsResponseSchema>;

/** POST /api/admin/invitations (spec 001 §5: email, recipient name and tier required). */
export const CreateInvitationSchema = z.object({
  email: EmailSchema,
  name: z.string({ error: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired).max(200),
  membershipTier: z.enum(PAID_TIERS, { error: fieldError("Tier") }),
  /** True once the admin has agreed to replace a live invitation to the same address (409 `fields.replace` otherwise). */
  replace: z.boolean().optional(),
});
export type CreateInvitationInput = z.input<typeof CreateInvitationSchema>;

/** GET /api/invitations/:token: what the invitee sees before creating the account. */
export const InvitationPreviewSchema = z.object({ email: z.string(), name: z.string(), membershipTier: z.enum(PAID_TIERS) });
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** POST /api/invitations/:token/accept: creates the account (signed in) in the invited tier. */
export const AcceptInvitationSchema = z
  .object({
    name: z.string({ error: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired).max(200),
    password: PasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDoNotMatch }),
  })
  .refine((input) => input.password === input.confirmPassword, { path: ["confirmPassword"], message: AUTH_MESSAGES.passwordsDoNotMatch });
export type AcceptInvitationInput = z.input<typeof AcceptInvitationSchema>;

/** The answer to a successful accept; the session cookie comes with it. */
export const AcceptedInvitationSchema = z.object({ email: z.string(), membershipTier: z.enum(PAID_TIERS) });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;
