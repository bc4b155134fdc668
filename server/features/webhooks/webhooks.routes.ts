import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CreateWebhookEndpointSchema, UpdateWebhookEndpointSchema, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WebhookDeliveriesQuerySchema } from "../../../common/contracts/webhooks";
import { adminOf, requireAdmin } from "../../auth/guards";
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
  type WebhookAdminDeps,
} from "./webhooks.service";

const EndpointParamsSchema = z.object({ id: z.uuid({ error: "Webhook endpoint not found" }) });
const DeliveryParamsSchema = EndpointParamsSchema.extend({ deliveryId: z.uuid({ error: "Delivery not found" }) });

/** Admin area → Webhooks: endpoints, their secrets, the delivery log, test events and resends. */
export async function webhooksRoutes(app: FastifyInstance, deps: WebhookAdminDeps): Promise<void> {
  const { db } = deps;
  const events = WEBHOOK_EVENT_TYPES.map((type) => ({ type, label: WEBHOOK_EVENT_LABELS[type] }));
  const noStore = { "cache-control": "no-store" };

  app.get("/api/admin/webhooks", { config: { api: { summary: "Webhook endpoints and the events they may subscribe to" } }, preHandler: requireAdmin }, async () => ({ endpoints: await listEndpoints(db), events }));

  // The secret is in this answer once; reveal and rotate give it again.
  app.post("/api/admin/webhooks", { config: { api: { summary: "Register a webhook endpoint", description: "The answer carries the signing secret (whsec_…); reveal or rotate it later. The address must be https and resolve to public addresses only.", body: CreateWebhookEndpointSchema, success: { status: 201 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const viewer = adminOf(request);
    const endpoint = await createEndpoint(deps, viewer.userId, CreateWebhookEndpointSchema.parse(request.body));
    return reply.code(201).headers(noStore).send({ endpoint });
  });

  app.patch("/api/admin/webhooks/:id", { config: { api: { summary: "Change a webhook endpoint (address, description, events, enabled)", params: EndpointParamsSchema, body: UpdateWebhookEndpointSchema } }, preHandler: requireAdmin }, async (request) => {
    const { id } = EndpointParamsSchema.parse(request.params);
    return { endpoint: await updateEndpoint(deps, id, UpdateWebhookEndpointSchema.parse(request.body)) };
  });

  app.delete("/api/admin/webhooks/:id", { config: { api: { summary: "Delete a webhook endpoint and its delivery log", params: EndpointParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    await deleteEndpoint(db, EndpointParamsSchema.parse(request.params).id);
    return reply.code(204).send();
  });

  app.post("/api/admin/webhooks/:id/secret", { config: { api: { summary: "Reveal an endpoint's signing secret", params: EndpointParamsSchema } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id } = EndpointParamsSchema.parse(request.params);
    return reply.headers(noStore).send({ secret: await revealSecret(deps, id) });
  });

  app.post("/api/admin/webhooks/:id/secret/rotate", { config: { api: { summary: "Replace an endpoint's signing secret (at once)", params: EndpointParamsSchema } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id } = EndpointParamsSchema.parse(request.params);
    return reply.headers(noStore).send({ secret: await rotateSecret(deps, id) });
  });

  app.get("/api/admin/webhooks/:id/deliveries", { config: { api: { summary: "An endpoint's delivery log, newest first, with each attempt's answer", params: EndpointParamsSchema, query: WebhookDeliveriesQuerySchema } }, preHandler: requireAdmin }, async (request) => {
    const { id } = EndpointParamsSchema.parse(request.params);
    return listDeliveries(db, id, WebhookDeliveriesQuerySchema.parse(request.query));
  });

  app.post("/api/admin/webhooks/:id/test", { config: { api: { summary: "Send a webhook.test event to this endpoint", params: EndpointParamsSchema, success: { status: 202 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id } = EndpointParamsSchema.parse(request.params);
    return reply.code(202).send({ delivery: await sendTestEvent(deps, id) });
  });

  app.post("/api/admin/webhooks/:id/deliveries/:deliveryId/resend", { config: { api: { summary: "Send a failed delivery again (same event id)", params: DeliveryParamsSchema, success: { status: 202 }, errors: { 409: "The delivery did not fail" } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id, deliveryId } = DeliveryParamsSchema.parse(request.params);
    return reply.code(202).send({ delivery: await resendDelivery(db, id, deliveryId) });
  });
}
