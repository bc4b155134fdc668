import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify";
import type { Logger } from "pino";
import type { PublicConfig } from "../common/contracts/auth";
import { coursePublicPage } from "../common/marketing/course-pages";
import { COURSES } from "../common/marketing/courses";
import { PUBLIC_PAGES } from "../common/marketing/public-pages";
import { configuredSocialProviders, createAuth, type Auth } from "./auth/auth";
import { registerBilling } from "./billing/billing";
import { DUNNING_CHECK_MS, sendDueReminders } from "./billing/dunning";
import { dunningRoutes } from "./billing/dunning.routes";
import type { BillingConfig } from "./billing/billing-config";
import type { BillingDeps } from "./billing/sync";
import { authRoutes } from "./auth/auth.routes";
import { createViewerResolver, type ViewerResolver } from "./auth/viewer";
import type { DatabaseHandle } from "./db/client";
import { isTestLoginEnabled, publicUrl, type Env } from "./env";
import { profileRoutes } from "./features/profile/profile.routes";
import { toProfileDto } from "./features/profile/profile.service";
import { membersRoutes } from "./features/members/members.routes";
import { mastermindsRoutes } from "./features/masterminds/masterminds.routes";
import { mastermindsPageState } from "./features/masterminds/public-masterminds.service";
import { newsRoutes } from "./features/news/news.routes";
import { createNewsService } from "./features/news/news.service";
import { systemRoutes } from "./features/system/system.routes";
import { communityRoutes } from "./features/community/community.routes";
import type { ContentDeps } from "./features/content/content-deps";
import { resourcesRoutes } from "./features/resources/resources.routes";
import { sessionsRoutes } from "./features/sessions/sessions.routes";
import { sendSessionReminders } from "./features/sessions/session-reminders.job";
import { twoFactorStatusRoutes } from "./features/settings/admin-two-factor";
import { settingsRoutes } from "./features/settings/settings.routes";
import { invitationsRoutes } from "./features/invitations/invitations.routes";
import { getGeneralSettings } from "./features/settings/settings.service";
import { usersRoutes } from "./features/users/users.routes";
import { revenueRoutes } from "./features/revenue/revenue.routes";
import { memberImportCleanupWorker } from "./features/member-transfer/member-import-cleanup.job";
import { memberImportInvitesWorker } from "./features/member-transfer/member-import-invites.job";
import { memberImportWorker } from "./features/member-transfer/member-import.job";
import { memberTransferRoutes } from "./features/member-transfer/member-transfer.routes";
import { videosRoutes } from "./features/videos/videos.routes";
import { registerAnswerCache } from "./cache/answer-cache";
import { createFileLinkSigner } from "./files/file-links";
import type { FileStore } from "./files/file-store";
import { openFileStore } from "./files/open-file-store";
import { mediaRoutes } from "./features/media/media.routes";
import { callRequestsRoutes } from "./features/call-requests/call-requests.routes";
import { universityRoutes } from "./features/university/university.routes";
import { coursesAdminRoutes } from "./features/university/courses-admin.routes";
import { universityPageState } from "./features/university/university-page-state";
import { searchRoutes } from "./features/search/search.routes";
import { peopleRoutes } from "./features/people/people.routes";
import { messagesRoutes } from "./features/messages/messages.routes";
import { appManifestRoutes } from "./features/app-install/app-manifest.routes";
import { addressOf, createMailer, type Mailer } from "./mail/mailer";
import { outboxRoutes } from "./mail/outbox.routes";
import { mailerGmailOptions } from "./mail/mail-config";
import { emailRoutes } from "./features/email/email.routes";
import { registerBulkSend } from "./features/email/bulk-send.job";
import { mentionWorker } from "./features/community/mentions.job";
import { bulkSendRoutes } from "./features/email/bulk-send.routes";
import { unsubscribeRoutes } from "./features/email/unsubscribe.routes";
import { createJobQueue, type JobQueue } from "./jobs/job-queue";
import { createNotificationStreams, type NotificationStreams } from "./features/notifications/notification-streams";
import { notificationsRoutes } from "./features/notifications/notifications.routes";
import { notificationUnsubscribeRoutes } from "./features/notifications/notification-unsubscribe.routes";
import { sendDueNotificationMails } from "./features/notifications/notification-emails.job";
import { DIGEST_CHECK_MS, sendDueDigests } from "./features/notifications/notification-digest.job";
import { broadcastWorker } from "./features/notifications/notification-broadcast.job";
import https from "node:https";
import { vapidKeysOnce } from "./features/notifications/push-keys";
import { sendDuePushes } from "./features/notifications/push-sender";
import { pushRoutes } from "./features/notifications/push.routes";
import { guardedLookup } from "./features/news/safe-fetch";
import { createSecretBox } from "./mail/secret-box";
import { accountDataRoutes } from "./features/account-data/account-data.routes";
import { personalDataDeclarations } from "./personal-data-declarations";
import { accountExportWorker } from "./features/account-data/export.job";
import { exportCleanupWorker } from "./features/account-data/export-cleanup.job";
import { idempotencyCleanupWorker } from "./plugins/idempotency-cleanup.job";
import { webhooksRoutes } from "./features/webhooks/webhooks.routes";
import { registerWebhookJobs } from "./features/webhooks/webhooks.job";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerInputCharacterCheck } from "./plugins/input-characters";
import { registerRequestLog } from "./plugins/request-log";
import { proxyAddresses, registerClientIp } from "./auth/client-ip";
import { isRouteUnder } from "./plugins/routed-path";
import { registerSecurity } from "./plugins/security";
import { registerSlowClientGuard } from "./plugins/slow-clients";
import { trustedOrigins } from "./plugins/trusted-origins";
import { registerStaticWeb } from "./plugins/static-web";
import { openApiRoutes } from "./openapi/openapi.routes";

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  authSecret: string;
}

export interface App {
  app: FastifyInstance;
  auth: Auth;
  mailer: Mailer;
  /** pg-boss on the app database; main.ts starts it at boot so interrupted bulk sends resume. */
  jobs: JobQueue;
  viewers: ViewerResolver;
  /** Null when Stripe is misconfigured. */
  billing: BillingDeps | null;
  files: FileStore;
  /** The live notification streams of this instance: ended first at shutdown, so the browsers reconnect elsewhere. */
  notificationStreams: NotificationStreams;
  /** Every route registered, as declared: tests walk it so a new admin route or write cannot go untested. */
  routes: readonly RouteOptions[];
}

/** Demo credentials the /test-login page may show; never a real account's. */
export const DEMO_ADMIN = { email: "admin@demo.inventors.community", password: "DemoAdmin2025!" } as const;

/** Builds the whole application without listening; tests drive it with inject(). */
export async function buildApp({ env, database, logger, authSecret }: AppDeps): Promise<App> {
  const { db } = database;
  // Fastify's two lines per request give way to one (plugins/request-log.ts).
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, bodyLimit: 1024 * 1024, logController: new LogController({ disableRequestLogging: true }) });
  const routes: RouteOptions[] = [];
  app.addHook("onRoute", (route) => {
    routes.push(route);
  });
  const senderName = async () => (await getGeneralSettings(db)).communityName;
  const mailer = createMailer({ db, logger, from: env.MAIL_FROM, senderName, smtpUrl: env.SMTP_URL, ...mailerGmailOptions(env, authSecret) });
  const jobs = createJobQueue(database, logger);
  registerBulkSend(jobs, { db, mailer, jobs, logger, batchSize: env.EMAIL_BATCH_SIZE, pauseMs: env.EMAIL_BATCH_PAUSE_MS, retryDelaySeconds: env.EMAIL_RETRY_DELAY_SECONDS, baseUrl: publicUrl(env), secret: authSecret, staleSeconds: env.EMAIL_SENDER_STALE_SECONDS });
  jobs.register(mentionWorker({ db, mailer, logger, baseUrl: publicUrl(env), secret: authSecret }));
  jobs.register(idempotencyCleanupWorker({ db, logger }));
  const notificationMail = { db, mailer, logger, baseUrl: publicUrl(env), secret: authSecret };
  jobs.every("notification-mails", env.NOTIFICATION_MAIL_INTERVAL_SECONDS * 1000, async () => {
    await sendDueNotificationMails(notificationMail);
  });
  jobs.register(broadcastWorker(db));
  const vapidKeys = vapidKeysOnce(db, createSecretBox(env.MAIL_SECRET_KEY ?? authSecret), { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY });
  const pushes = { db, logger, vapidKeys, subject: `mailto:${addressOf(env.MAIL_FROM)}`, agent: new https.Agent({ lookup: guardedLookup(env.PUSH_ALLOW_PRIVATE), keepAlive: true }) };
  jobs.every("notification-pushes", env.NOTIFICATION_MAIL_INTERVAL_SECONDS * 1000, async () => {
    await sendDuePushes(pushes);
  });
  jobs.every("notification-digests", DIGEST_CHECK_MS, async () => {
    await sendDueDigests({ ...notificationMail, now: () => new Date() });
  });
  const auth = createAuth({ env, logger, db, mailer, secret: authSecret });
  const context = await auth.$context;
  const sessionCookieName = context.authCookies.sessionToken.name;
  const viewers = createViewerResolver(db, authSecret, sessionCookieName, { adminSecondFactorRequired: env.REQUIRE_ADMIN_2FA });
  const answers = registerAnswerCache(app, db, env.CONTENT_VERSION_CHECK_MS);
  const origin = new URL(publicUrl(env)).origin;

  app.decorateRequest("viewer", null);
  app.addHook("onRequest", async (request) => {
    if (isRouteUnder(request, "/api/") && !isRouteUnder(request, "/api/auth/")) {
      request.viewer = await viewers.resolve(request.headers.cookie);
    }
  });
  const notificationStreams = createNotificationStreams({ database, viewers, logger, heartbeatMs: env.NOTIFICATION_HEARTBEAT_SECONDS * 1000 });
  // Before the server closes: it would wait for the open streams forever.
  app.addHook("preClose", async () => {
    await notificationStreams.close();
  });
  app.addHook("onClose", async () => {
    await jobs.stop();
    mailer.close();
  });

  registerErrorHandler(app);
  registerClientIp(app, env.TRUSTED_PROXY, proxyAddresses(env.TRUSTED_PROXY_ADDRESSES));
  registerRequestLog(app);
  registerSlowClientGuard(app, { idleSeconds: env.REQUEST_IDLE_TIMEOUT_SECONDS, minBytesPerSecond: env.REQUEST_MIN_BYTES_PER_SECOND });
  registerSecurity(app, trustedOrigins(env));
  registerInputCharacterCheck(app);
  await app.register(authRoutes, { env, db, auth, viewers, secret: authSecret, sessionCookieName });
  const billing = await registerBilling(app, { env, db, databaseKind: database.kind, logger, viewers, origin });
  if (billing.deps) {
    const dunning = { db, mailer, baseUrl: publicUrl(env), graceDays: env.BILLING_GRACE_DAYS };
    jobs.every("dunning-reminders", DUNNING_CHECK_MS, async () => {
      await sendDueReminders(dunning, new Date());
    });
    await app.register(dunningRoutes, { deps: dunning });
  }
  const publicConfig = buildPublicConfig(env, billing.config);
  await app.register(systemRoutes, { database, publicConfig });
  await app.register(profileRoutes, { db, auth, viewers });
  await app.register(settingsRoutes, { db });
  await app.register(twoFactorStatusRoutes, { db, required: env.REQUIRE_ADMIN_2FA });
  await app.register(outboxRoutes, { db });
  await app.register(emailRoutes, { db, mailer, secureCookies: publicUrl(env).startsWith("https://") });
  await app.register(bulkSendRoutes, { db, staleSeconds: env.EMAIL_SENDER_STALE_SECONDS });
  await app.register(unsubscribeRoutes, { db, secret: authSecret });
  const news = createNewsService({ db, logger, feedUrl: env.NEWS_FEED_URL, cacheSeconds: env.NEWS_CACHE_SECONDS, fetchTimeoutMs: env.NEWS_FETCH_TIMEOUT_SECONDS * 1000, allowPrivate: env.NEWS_ALLOW_PRIVATE });
  await app.register(newsRoutes, { news });
  const content: ContentDeps = { db, files: await openFileStore(env, logger), fileLinks: createFileLinkSigner(authSecret), answers, jobs };
  await app.register(universityRoutes, content);
  await app.register(coursesAdminRoutes, { db, jobs });
  await app.register(membersRoutes, content);
  await app.register(mastermindsRoutes, content);
  await app.register(sessionsRoutes, { ...content, mailer, baseUrl: publicUrl(env) });
  jobs.every("session-reminders", env.SESSION_REMINDER_INTERVAL_SECONDS * 1000, async () => {
    await sendSessionReminders(db, new Date());
  });
  await app.register(communityRoutes, { ...content, jobs, mailer, secret: authSecret, baseUrl: publicUrl(env), flagTrustDays: env.COMMUNITY_FLAG_TRUST_DAYS });
  await app.register(resourcesRoutes, content);
  await app.register(videosRoutes, content);
  await app.register(searchRoutes, { db });
  await app.register(peopleRoutes, { db });
  await app.register(messagesRoutes, { db });
  await app.register(appManifestRoutes, { db });
  await app.register(notificationsRoutes, { db, streams: notificationStreams });
  await app.register(notificationUnsubscribeRoutes, { db, secret: authSecret });
  await app.register(pushRoutes, { db, vapidKeys, allowPrivate: env.PUSH_ALLOW_PRIVATE });
  await app.register(mediaRoutes, content);
  const personalData = personalDataDeclarations(billing.deps);
  await app.register(revenueRoutes, { db });
  await app.register(usersRoutes, { db, viewers, graceDays: env.BILLING_GRACE_DAYS, auth, jobs, billing: billing.deps, personalData, files: content.files, logger });
  const accountData = { db, files: content.files, billing: billing.deps, personalData, jobs, mailer, logger, secret: authSecret, baseUrl: publicUrl(env) };
  jobs.register(accountExportWorker(accountData));
  jobs.register(exportCleanupWorker(accountData));
  await app.register(accountDataRoutes, {
    ...accountData,
    viewers,
    perAddress: env.AUTH_RATE_LIMIT_IP,
    perAccount: env.AUTH_RATE_LIMIT_ACCOUNT,
    sessionCookieName,
  });
  await app.register(invitationsRoutes, { db, auth, mailer, env });
  jobs.register(memberImportWorker({ db, jobs }));
  jobs.register(memberImportInvitesWorker({ db, jobs, mailer, auth, publicUrl: publicUrl(env) }));
  jobs.register(memberImportCleanupWorker({ db, logger }));
  await app.register(memberTransferRoutes, { db, jobs });
  const webhookBox = createSecretBox(env.MAIL_SECRET_KEY ?? authSecret);
  registerWebhookJobs({ db, jobs, box: webhookBox, logger, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE, retryDelaySeconds: env.WEBHOOK_RETRY_DELAY_SECONDS });
  await app.register(webhooksRoutes, { db, box: webhookBox, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE, communityName: senderName });
  await app.register(callRequestsRoutes, { db, mailer, listUrl: `${publicUrl(env)}/admin` });
  await app.register(openApiRoutes, { routes, sessionCookieName, serverUrl: publicUrl(env) });
  await registerStaticWeb(app, {
    distDir: env.WEB_DIST_DIR,
    origin,
    pages: [...PUBLIC_PAGES, ...COURSES.map(coursePublicPage)],
    pageState: async (cookie, pagePath) => {
      const viewer = await viewers.resolve(cookie);
      return {
        viewer: viewer ? toProfileDto(viewer) : null,
        config: publicConfig,
        ...(await universityPageState(db, viewer, pagePath)),
        ...(await mastermindsPageState(db, viewer, pagePath)),
      };
    },
  });
  return { app, auth, mailer, jobs, viewers, billing: billing.deps, files: content.files, notificationStreams, routes };
}

function buildPublicConfig(env: Env, billing: BillingConfig): PublicConfig {
  const testLoginEnabled = isTestLoginEnabled(env);
  const isDemoAdmin = env.ADMIN_EMAIL === DEMO_ADMIN.email && env.ADMIN_PASSWORD === DEMO_ADMIN.password;
  return {
    socialProviders: configuredSocialProviders(env),
    contact: { email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE, address: env.CONTACT_ADDRESS },
    bookingEmbedUrl: env.BOOKING_EMBED_URL ?? null,
    billing: billing.mode === "misconfigured" ? { provider: null, configurationError: true } : { provider: billing.mode, configurationError: false },
    testLoginEnabled,
    demoAdmin: testLoginEnabled && isDemoAdmin ? { ...DEMO_ADMIN } : null,
  };
}
