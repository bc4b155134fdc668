import { z } from "zod";
import { AUTH_MESSAGES, EmailSchema } from "./auth";

/** Texts of the request-a-call form on /ref-number and of its admin list. */
export const CALL_REQUEST_MESSAGES = {
  formTitle: "Request a call",
  formIntro: "Leave your details and the times that suit you, and we will call you back within one business day.",
  phoneRequired: "Phone is required",
  phoneInvalid: "Please enter a valid phone number",
  preferredTimesRequired: "Preferred times are required",
  topicRequired: "Topic is required",
  sent: "Thank you! We received your request and will call you at one of the times you gave. We have emailed you a confirmation.",
  /** /ref-number's words for what happens, with a booking calendar and with the request form instead. */
  leadWithCalendar: "Pick a time for a free, no-obligation call with our team. We will talk about your invention, where you are stuck and whether the community or our services can help.",
  leadWithForm: "Ask for a free, no-obligation call with our team: leave your details and the times that suit you, and we call you. We will talk about your invention, where you are stuck and whether the community or our services can help.",
  afterWithCalendar: "You will get a confirmation email with the details after you book.",
  afterWithForm: "We email you a confirmation as soon as your request arrives, then call you at one of the times you gave.",
  sendFailed: "Failed to send your request. Please try again.",
  noRequests: "No call requests yet.",
  handled: "Handled",
} as const;

/** Digits, spaces and the usual phone punctuation, with at least 7 digits. */
const PHONE_PATTERN = /^\+?[\d\s().-]{7,40}$/;

/** POST /api/call-requests: what a visitor without a booking calendar leaves for a call back. */
export const CallRequestInputSchema = z.object({
  name: z.string({ error: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired).max(120),
  email: EmailSchema,
  phone: z
    .string({ error: CALL_REQUEST_MESSAGES.phoneRequired })
    .trim()
    .min(1, CALL_REQUEST_MESSAGES.phoneRequired)
    .max(40, CALL_REQUEST_MESSAGES.phoneInvalid)
    .refine((value) => PHONE_PATTERN.test(value) && value.replace(/\D/g, "").length >= 7, CALL_REQUEST_MESSAGES.phoneInvalid),
  preferredTimes: z.string({ error: CALL_REQUEST_MESSAGES.preferredTimesRequired }).trim().min(1, CALL_REQUEST_MESSAGES.preferredTimesRequired).max(500),
  topic: z.string({ error: CALL_REQUEST_MESSAGES.topicRequired }).trim().min(1, CALL_REQUEST_MESSAGES.topicRequired).max(2000),
});
export type CallRequestInput = z.input<typeof CallRequestInputSchema>;

export const CallRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  preferredTimes: z.string(),
  topic: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledByEmail: z.string().nullable(),
});
export type CallRequest = z.infer<typeof CallRequestSchema>;

/** GET /api/admin/call-requests: open requests first, newest first within each group. */
export const CallRequestsResponseSchema = z.object({ callRequests: z.array(CallRequestSchema) });
export type CallRequestsResponse = z.infer<typeof CallRequestsResponseSchema>;
