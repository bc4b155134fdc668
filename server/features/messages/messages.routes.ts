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
  app.get("/api/messages/conversations", { preHandler: requireMember }, async (request): Promise<ConversationList> => {
    return listConversations(db, memberOf(request), ConversationListQuerySchema.parse(request.query).cursor);
  });

  app.get("/api/messages/unread-count", { preHandler: requireMember }, async (request) => ({ unread: await countUnreadConversations(db, memberOf(request).userId) }));

  app.post("/api/messages/conversations", { preHandler: requireMember }, async (request, reply): Promise<SentMessage> => {
    const sent = await startConversation(db, memberOf(request), StartConversationSchema.parse(request.body));
    return reply.code(201).send(sent);
  });

  app.get("/api/messages/conversations/:id", { preHandler: requireMember }, async (request): Promise<ConversationDetail> => {
    const { id } = IdParamsSchema.parse(request.params);
    return getConversation(db, memberOf(request), id, ConversationQuerySchema.parse(request.query).before);
  });

  app.post("/api/messages/conversations/:id/messages", { preHandler: requireMember }, async (request, reply): Promise<SentMessage> => {
    const { id } = IdParamsSchema.parse(request.params);
    const sent = await sendMessage(db, memberOf(request), id, SendMessageSchema.parse(request.body).body);
    return reply.code(201).send(sent);
  });

  app.post("/api/messages/conversations/:id/read", { preHandler: requireMember }, async (request) => {
    const { id } = IdParamsSchema.parse(request.params);
    return markConversationRead(db, memberOf(request).userId, id, MarkConversationReadSchema.parse(request.body).lastMessageId);
  });

  app.post("/api/messages/conversations/:id/report", { preHandler: requireMember }, async (request, reply) => {
    const { id } = IdParamsSchema.parse(request.params);
    await reportConversation(db, memberOf(request).userId, id, ReportConversationSchema.parse(request.body).reason);
    return reply.code(201).send({ message: MESSAGING_MESSAGES.reported });
  });

  app.get("/api/messages/with/:userId", { preHandler: requireMember }, async (request): Promise<MessagingAbility> => {
    return messagingAbility(db, memberOf(request), UserParamsSchema.parse(request.params).userId);
  });

  app.get("/api/messages/settings", { preHandler: requireMember }, async (request): Promise<MessagingSettings> => getMessagingSettings(db, memberOf(request).userId));

  app.put("/api/messages/settings", { preHandler: requireMember }, async (request): Promise<MessagingSettings> => {
    return saveMessagingSettings(db, memberOf(request).userId, MessagingSettingsSchema.parse(request.body));
  });

  app.get("/api/messages/blocks", { preHandler: requireMember }, async (request): Promise<BlockList> => listBlocks(db, memberOf(request).userId));

  app.put("/api/messages/blocks/:userId", { preHandler: requireMember }, async (request, reply) => {
    await blockMember(db, memberOf(request).userId, UserParamsSchema.parse(request.params).userId);
    return reply.code(204).send();
  });

  app.delete("/api/messages/blocks/:userId", { preHandler: requireMember }, async (request, reply) => {
    await unblockMember(db, memberOf(request).userId, UserParamsSchema.parse(request.params).userId);
    return reply.code(204).send();
  });

  app.get("/api/admin/message-reports", { preHandler: requireAdmin }, async (): Promise<z.infer<typeof MessageReportListSchema>> => ({ reports: await listOpenReports(db) }));

  app.get("/api/admin/message-reports/:id", { preHandler: requireAdmin }, async (request): Promise<ReportedConversation> => readReportedConversation(db, IdParamsSchema.parse(request.params).id));

  app.post("/api/admin/message-reports/:id/decision", { preHandler: requireAdmin }, async (request, reply) => {
    const { id } = IdParamsSchema.parse(request.params);
    await decideMessageReport(db, memberOf(request), id, MessageReportDecisionSchema.parse(request.body).decision);
    return reply.code(204).send();
  });
}
