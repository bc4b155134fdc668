import { z } from "zod";
import { PAID_TIERS } from "../tiers";
import { SIMPLE_EMAIL } from "./auth";

/** General Settings (spec 001 §2.5), saved on the server and in effect for every instance. */
export const GeneralSettingsSchema = z.object({
  communityName: z.string().trim().min(1, "Community name is required").max(120),
  notificationEmail: z
    .string()
    .trim()
    .max(254)
    .refine((value) => value === "" || SIMPLE_EMAIL.test(value), "Please enter a valid email address"),
  allowRegistration: z.boolean(),
  requireApproval: z.boolean(),
  /** The tier of accounts made by invitation when the invitation does not name one. */
  defaultTier: z.enum(PAID_TIERS),
});
export type GeneralSettings = z.infer<typeof GeneralSettingsSchema>;

export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  communityName: "Inventors Community",
  notificationEmail: "",
  allowRegistration: true,
  requireApproval: false,
  defaultTier: "inventor",
};

export const SETTINGS_MESSAGES = {
  saved: "Settings saved successfully!",
  registrationClosed: "Registration is currently closed. Ask an admin for an invitation.",
  awaitingApproval: "Your account was created and is waiting for an admin to approve it. We will email you once it is active.",
} as const;
