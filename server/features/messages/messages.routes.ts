import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  ConversationListQuerySchema,
  ConversationQuerySchema,
  MarkConversationReadSchema,
  MESSAGING_MESSAGES,
  MessageReportDecisionSchema,
  MessagingSettingsSchema,
  ReportConversationSchema,
  SendMessageSchema,
  StartConversationSchema,
  type BlockList,
  type ConversationDetail,
  type ConversationList,
  type MessageReportListSchema,
  type MessagingAbility,
  type MessagingSettings,
  type ReportedConversation,
  type SentMessage,
} from "../../../common/contracts/messages";
import { memberOf, requireAdmin, requireMember } from "../../auth/guards";
import type { Database } from "../../db/client";
import { IdParamsSchema } from "../community/id-params";
import { countUnreadConversations, getConversation, listConversations } from "./conversation-reads";
import { markConversationRead } from "./message-reads-state";
import { decideMessageReport, listOpenReports, readReportedConversation, reportConversation } from "./message-reports";
import { blockMember, getMessagingSettings, listBlocks, messagingAbility, saveMessagingSettings, unblockMember } from "./message-settings";
import { sendMessage, startConversation } from "./message-writes";

const UserParamsSchema = z.object({ userId: z.string().min(1).max(100) });

/** Direct messages (README: Direct messages): members' conversations, settings and blocks, and the moderators' reported conversations. */
export async function messagesRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get("/api/messages/conversations", { config: { api: { summary: "The viewer's conversations, newest first", query: ConversationListQuerySchema } }, preHandler: requireMember }, async (request): Promise<ConversationList> => {
    return listConversations(db, memberOf(request), ConversationListQuerySchema.parse(request.query).cursor);
  });

  app.get("/api/messages/unread-count", { config: { api: { summary: "Unread direct messages" } }, preHandler: requireMember }, async (request) => ({ unread: await countUnreadConversations(db, memberOf(request).userId) }));

  app.post("/api/messages/conversations", { config: { api: { summary: "Start a conversation (first message)", body: StartConversationSchema, success: { status: 201 } } }, preHandler: requireMember }, async (request, reply): Promise<SentMessage> => {
    const sent = await startConversation(db, memberOf(request), StartConversationSchema.parse(request.body));
    return reply.code(201).send(sent);
  });

  app.get("/api/messages/conversations/:id", { config: { api: { summary: "A conversation's messages", query: ConversationQuerySchema, params: IdParamsSchema } }, preHandler: requireMember }, async (request): Promise<ConversationDetail> => {
    const { id } = IdParamsSchema.parse(request.params);
    return getConversation(db, memberOf(request), id, ConversationQuerySchema.parse(request.query).before);
  });

  app.post("/api/messages/conversations/:id/messages", { config: { api: { summary: "Send a message", body: SendMessageSchema, params: IdParamsSchema, success: { status: 201 } } }, preHandler: requireMember }, async (request, reply): Promise<SentMessage> => {
    const { id } = IdParamsSchema.parse(request.params);
    const sent = await sendMessage(db, memberOf(request), id, SendMessageSchema.parse(request.body).body);
    return reply.code(201).send(sent);
  });

  app.post("/api/messages/conversations/:id/read", { config: { api: { summary: "Mark a conversation read", body: MarkConversationReadSchema, params: IdParamsSchema } }, preHandler: requireMember }, async (request) => {
    const { id } = IdParamsSchema.parse(request.params);
    return markConversationRead(db, memberOf(request).userId, id, MarkConversationReadSchema.parse(request.body).lastMessageId);
  });

  app.post("/api/messages/conversations/:id/report", { config: { api: { summary: "Report a conversation", body: ReportConversationSchema, params: IdParamsSchema, success: { status: 201 } } }, preHandler: requireMember }, async (request, reply) => {
    const { id } = IdParamsSchema.parse(request.params);
    await reportConversation(db, memberOf(request).userId, id, ReportConversationSchema.parse(request.body).reason);
    return reply.code(201).send({ message: MESSAGING_MESSAGES.reported });
  });

  app.get("/api/messages/with/:userId", { config: { api: { summary: "The conversation with a member, if any", params: UserParamsSchema } }, preHandler: requireMember }, async (request): Promise<MessagingAbility> => {
    return messagingAbility(db, memberOf(request), UserParamsSchema.parse(request.params).userId);
  });

  app.get("/api/messages/settings", { config: { api: { summary: "The viewer's messaging settings" } }, preHandler: requireMember }, async (request): Promise<MessagingSettings> => getMessagingSettings(db, memberOf(request).userId));

  app.put("/api/messages/settings", { config: { api: { summary: "Save the viewer's messaging settings", body: MessagingSettingsSchema } }, preHandler: requireMember }, async (request): Promise<MessagingSettings> => {
    return saveMessagingSettings(db, memberOf(request).userId, MessagingSettingsSchema.parse(request.body));
  });

  app.get("/api/messages/blocks", { config: { api: { summary: "Members the viewer blocked" } }, preHandler: requireMember }, async (request): Promise<BlockList> => listBlocks(db, memberOf(request).userId));

  app.put("/api/messages/blocks/:userId", { config: { api: { summary: "Block a member", params: UserParamsSchema, success: { status: 204 } } }, preHandler: requireMember }, async (request, reply) => {
    await blockMember(db, memberOf(request).userId, UserParamsSchema.parse(request.params).userId);
    return reply.code(204).send();
  });

  app.delete("/api/messages/blocks/:userId", { config: { api: { summary: "Unblock a member", params: UserParamsSchema, success: { status: 204 } } }, preHandler: requireMember }, async (request, reply) => {
    await unblockMember(db, memberOf(request).userId, UserParamsSchema.parse(request.params).userId);
    return reply.code(204).send();
  });

  app.get("/api/admin/message-reports", { config: { api: { summary: "List reported conversations" } }, preHandler: requireAdmin }, async (): Promise<z.infer<typeof MessageReportListSchema>> => ({ reports: await listOpenReports(db) }));

  app.get("/api/admin/message-reports/:id", { config: { api: { summary: "Read a reported conversation", params: IdParamsSchema } }, preHandler: requireAdmin }, async (request): Promise<ReportedConversation> => readReportedConversation(db, IdParamsSchema.parse(request.params).id));

  app.post("/api/admin/message-reports/:id/decision", { config: { api: { summary: "Decide on a reported conversation", body: MessageReportDecisionSchema, params: IdParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id } = IdParamsSchema.parse(request.params);
    await decideMessageReport(db, memberOf(request), id, MessageReportDecisionSchema.parse(request.body).decision);
    return reply.code(204).send();
  });
}
