import { z } from "zod";

/** The events an endpoint may subscribe to; `webhook.test` is sent only by the "Send test event" button. */
export const WEBHOOK_EVENT_TYPES = ["member.joined", "member.tier_changed", "subscription.cancelled", "payment.failed", "post.created"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export type WebhookDeliveryEventType = WebhookEventType | "webhook.test";

/** What each event means, for the admin page and the README. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "member.joined": "A member joined (an account was created)",
  "member.tier_changed": "A member's tier changed",
  "subscription.cancelled": "A subscription was cancelled",
  "payment.failed": "A renewal payment failed",
  "post.created": "A community post was created",
};

export const WEBHOOK_MESSAGES = {
  urlRequired: "Enter the address that receives the events",
  urlInvalid: "Enter a full address starting with https://",
  urlHttpsOnly: "Use an https:// address: events carry member data",
  urlPrivate: "This address points to a private, loopback or link-local network; events are only sent to public addresses",
  urlUnresolvable: "This host name could not be found",
  eventsRequired: "Choose at least one event",
  notFound: "Webhook endpoint not found",
  deliveryNotFound: "Delivery not found",
  notResendable: "Only a failed delivery can be sent again",
} as const;

export const WebhookUrlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(2000, "Keep the address under 2,000 characters")
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBHOOK_MESSAGES.urlInvalid);

export const WebhookEventsSchema = z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Unknown event" })).min(1, WEBHOOK_MESSAGES.eventsRequired).transform((events) => [...new Set(events)]);

export const CreateWebhookEndpointSchema = z.object({
  url: WebhookUrlSchema,
  description: z.string().trim().max(200, "Keep the description under 200 characters").default(""),
  events: WebhookEventsSchema,
});
export type CreateWebhookEndpoint = z.input<typeof CreateWebhookEndpointSchema>;

export const UpdateWebhookEndpointSchema = z
  .object({ url: WebhookUrlSchema, description: z.string().trim().max(200, "Keep the description under 200 characters"), events: WebhookEventsSchema, enabled: z.boolean() })
  .partial()
  .refine((change) => Object.keys(change).length > 0, "Nothing to change");
export type UpdateWebhookEndpoint = z.input<typeof UpdateWebhookEndpointSchema>;

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  createdAt: string;
  /** The latest delivery's outcome, for the list. */
  lastDelivery: { status: WebhookDeliveryStatus; at: string } | null;
}

/** Only on create, reveal and rotate: the signing secret (`whsec_…`). */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "sending", "succeeded", "failed", "skipped"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookAttempt {
  attempt: number;
  at: string;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string;
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: WebhookDeliveryEventType;
  status: WebhookDeliveryStatus;
  attempts: WebhookAttempt[];
  createdAt: string;
  payload: unknown;
  /** Set on a delivery made by "Resend": the failed one it repeats. */
  resentFrom: string | null;
}

export const WebhookDeliveriesQuerySchema = z.object({
  /** The `nextBefore` of the previous page. */
  before: z.string().regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z,[0-9a-f-]{36}$/, "Invalid page cursor").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  /** Pass as `before` for the next (older) page; null on the last. */
  nextBefore: string | null;
}
