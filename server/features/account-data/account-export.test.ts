import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DATA_MESSAGES, EXPORT_DOWNLOAD_LIMITS, type AccountDataSummary } from "../../../common/contracts/account-data";
import { QUEUES } from "../../jobs/queues";
import { outboxMessages } from "../../mail/outbox.table";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { communityPosts } from "../community/community.table";
import { personalDataDeclarations } from "../../personal-data-declarations";
import { exportSectionsOf } from "./export-document";
import { eventually, readZip } from "./account-data.test-support";
import { seedEveryTable, type Member, type SeededData } from "./member-data.test-support";
import { zipPathOf } from "../media/uploaded-files";
import { tamperedLink } from "../../test/tampered-link";

let t: TestApp;
let member: Member;
let other: Member;
let seeded: SeededData;
beforeAll(async () => {
  t = await buildTestApp();
  member = await memberCookie(t, "admin", "Export Member");
  other = await memberCookie(t, "brand-ceo", "Other Member");
  seeded = await seedEveryTable(t, member, other);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

interface QueryRows<T> {
  rows: T[];
}

/** For each foreign key, what the seeded member's export must show for it. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const EVIDENCE: Record<string, (data: Json, seededData: SeededData) => void> = {
  "accounts.user_id": (data) => expect(data.signInMethods.methods).toEqual([expect.objectContaining({ provider: "email and password" })]),
  "two_factors.user_id": (data) => expect(data.signInMethods.twoFactor).toEqual({ enabled: true, verified: true }),
  "sessions.user_id": (data) => expect(data.sessions.length).toBeGreaterThan(0),
  "billing_customers.user_id": (data) => expect(data.billing.customer).toMatchObject({ provider: "local" }),
  "subscriptions.user_id": (data) => expect(data.billing.subscription).toMatchObject({ status: "active", tier: "inventor" }),
  "checkout_sessions.user_id": (data) => expect(data.billing.checkouts).toEqual([expect.objectContaining({ plan: "inventor", status: "complete" })]),
  "coupon_holds.user_id": (data) => expect(data.billing.couponHolds).toHaveLength(1),
  "dunning_reminders.user_id": (data) => expect(data.billing.paymentFailedReminders).toEqual([expect.objectContaining({ step: "day-1" })]),
  "dunning_reminders.sent_by": (data) => expect(data.billing.paymentRemindersYouSent).toHaveLength(1),
  "subscription_events.user_id": (data) => expect(data.subscriptionHistory).toEqual([expect.objectContaining({ event: "started", status: "active", plan: "inventor", monthlyCents: 9900 })]),
  "community_posts.author_id": (data, s) => expect(data.posts).toEqual([expect.objectContaining({ id: s.postId, content: "My export-worthy invention diary" })]),
  "community_replies.author_id": (data, s) => expect(data.replies).toEqual([expect.objectContaining({ id: s.replyId, content: "A reply worth keeping" })]),
  "community_post_likes.user_id": (data, s) => expect(data.postLikes).toEqual([expect.objectContaining({ postId: s.othersPostId })]),
  "community_reply_likes.user_id": (data, s) => expect(data.replyLikes).toEqual([expect.objectContaining({ replyId: s.othersReplyId })]),
  "community_flags.user_id": (data) => expect(data.moderation.flagsYouRaised).toEqual([expect.objectContaining({ reason: "Flagged as spam by the member" })]),
  "community_flag_outcomes.user_id": (data) => expect(data.moderation.yourFlagsDecided).toEqual({ upheld: 2, rejected: 1 }),
  "community_suspensions.user_id": (data) => expect(data.moderation.suspension).toMatchObject({ message: "Cool down for a day" }),
  "notifications.user_id": (data) => expect(data.notifications).toEqual([expect.objectContaining({ event: "post-reply", link: expect.stringMatching(/^\/members\/community\?post=\d+$/) })]),
  "push_subscriptions.user_id": (data) => expect(data.pushDevices).toEqual([expect.objectContaining({ pushService: "push.example.com" })]),
  "notification_digests.user_id": (data) => expect(data.notificationDigests).toEqual([{ period: "weekly", periodEnd: "2026-11-23", status: "sent", notifications: 3 }]),
  "notification_preferences.user_id": (data) => expect(data.notificationPreferences).toMatchObject({ mentions: "app", replies: "app" }),
  "community_mention_notices.user_id": (data, s) => expect(data.moderation.mentionsYouWereEmailedAbout).toEqual([expect.objectContaining({ postId: s.othersPostId })]),
  "session_reminders.user_id": (data) => expect(data.sessionReminders).toEqual([expect.objectContaining({ before: "24 hours" })]),
  "session_rsvps.user_id": (data) => expect(data.sessionRsvps).toEqual([expect.objectContaining({ title: "Pitch night" })]),
  "lesson_progress.user_id": (data) => expect(data.courseProgress).toEqual([expect.objectContaining({ course: "patent-basics", lesson: "What a patent protects" })]),
  "media_items.uploaded_by": (data, s) => expect(data.uploads.mediaLibrary).toEqual([expect.objectContaining({ id: s.mediaItemId, file: zipPathOf({ id: s.mediaItemId, name: "../../Brochure (final).pdf" }) })]),
  "media_videos.uploaded_by": (data) => expect(data.trainingVideosAdded).toEqual([expect.objectContaining({ title: "Welcome video" })]),
  "admin_audit_log.actor_id": (data) => expect(data.auditLog).toEqual(expect.arrayContaining([expect.objectContaining({ byYou: true, action: "change-tier" }), expect.objectContaining({ aboutYou: true, action: "change-role" })])),
  "email_unsubscribes.user_id": (data) => expect(data.email.bulkEmail.subscribed).toBe(false),
  "bulk_send_recipients.user_id": (data) => expect(data.email.bulkMessagesToYou).toEqual([expect.objectContaining({ subject: "Spring news", status: "sent" })]),
  "bulk_sends.created_by": (data) => expect(data.email.bulkMessagesYouSent).toEqual([expect.objectContaining({ subject: "Spring news" })]),
  "invitations.invited_by": (data) => expect(data.invitations.sent).toEqual([expect.objectContaining({ email: "invitee@example.com" })]),
  "invitations.accepted_user_id": (data) => expect(data.invitations.accepted).toHaveLength(1),
  "member_imports.created_by": (data) => expect(data.memberImports.importsYouRan).toEqual([expect.objectContaining({ fileName: "old-platform.csv", rows: 1 })]),
  "member_import_rows.user_id": (data) => expect(data.memberImports.importedYou).toEqual([expect.objectContaining({ notes: "Met at the fair" })]),
  "call_requests.handled_by_id": (data) => expect(data.callRequests.handledByYou).toEqual([expect.objectContaining({ name: "Caller Person" })]),
  "account_exports.user_id": (data) => expect(data.dataExports).toEqual([expect.objectContaining({ status: "failed" })]),
  "dm_participants.user_id": (data) => expect(data.conversations).toEqual([expect.objectContaining({ with: "Other Member", startedByYou: true })]),
  "dm_participants.other_user_id": (data) => expect(data.conversations[0].with).toBe("Other Member"),
  "dm_conversations.started_by": (data) => expect(data.conversations[0].startedByYou).toBe(true),
  "dm_messages.sender_id": (data) =>
    expect(data.directMessages).toEqual([expect.objectContaining({ from: "you", text: "A private note about my prototype" }), expect.objectContaining({ from: "Other Member", text: "The other side of the conversation" })]),
  "dm_blocks.blocker_id": (data) => expect(data.messageBlocks).toEqual([expect.objectContaining({ member: "Other Member" })]),
  "dm_reports.reporter_id": (data) => expect(data.messageReports.reportsYouMade).toEqual([expect.objectContaining({ reason: "Reported by the member", decision: null })]),
  "dm_reports.resolved_by": (data) => expect(data.messageReports.reportsYouDecided).toEqual([expect.objectContaining({ reason: "Decided by the member", decision: "dismissed" })]),
  "member_profiles.user_id": (data) => expect(data.memberProfile).toMatchObject({ headline: "Inventor of the self-stirring pot", expertise: ["kitchenware"], hiddenFromDirectory: false }),
};

describe("the export holds the member's row of every table that references them", () => {
  it("has evidence below for every column a feature's export section covers", () => {
    const covered = exportSectionsOf(personalDataDeclarations(null)).flatMap((section) => section.covers);
    // A failure here names the column: add what the seeded member's data.json must show for it to EVIDENCE.
    expect(Object.keys(EVIDENCE).sort()).toEqual([...covered].sort());
  });

  it("downloads a small account at once: README, data.json with the member's row of every table, and their uploaded file", async () => {
    const response = await get("/api/me/data/export", member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="Inventors Community data \d{4}-\d{2}-\d{2}\.zip"/);
    expect(response.headers["cache-control"]).toBe("no-store");
    const entries = await readZip(response.rawPayload);
    const filePath = zipPathOf({ id: seeded.mediaItemId, name: "../../Brochure (final).pdf" });
    expect(filePath).toMatch(new RegExp(`^files/${seeded.mediaItemId}-[^/\\\\]*Brochure _final_\\.pdf$`));
    expect([...entries.keys()].sort()).toEqual(["README.txt", "data.json", filePath]);
    expect(entries.get(filePath)).toEqual(seeded.fileBytes);
    const data = JSON.parse(entries.get("data.json")?.toString("utf8") ?? "{}");
    expect(data.profile).toMatchObject({ id: member.userId, email: member.email, name: "Export Member", role: "admin" });
    for (const [foreignKey, evidence] of Object.entries(EVIDENCE)) {
      try {
        evidence(data, seeded);
      } catch (error) {
        throw new Error(`${foreignKey}: ${(error as Error).message}`, { cause: error });
      }
    }
    // Invoices come from the provider; the call request sent from the member's (confirmed) address is theirs.
    expect(data.billing.invoices).toEqual([expect.objectContaining({ amountCents: 9900, status: "paid" })]);
    expect(data.callRequests.yourRequests).toEqual([expect.objectContaining({ topic: "My own call request" })]);
    // No secret ever leaves: password hashes, session tokens, the two-factor secret.
    const text = entries.get("data.json")?.toString("utf8") ?? "";
    for (const secret of ["sealed-secret", "sealed-codes", "$argon2", member.cookie.split("=")[1]?.split(".")[0] ?? "-"]) expect(text).not.toContain(secret);
    // Another member's data is not in it.
    expect(text).not.toContain("Others answer");
  });

  it("matches call requests by address only when the address is proven", async () => {
    const stranger = await memberCookie(t, "free", "Unproven Address");
    await t.database.db.execute(sql`insert into call_requests (name, email, phone, preferred_times, topic) values ('Someone Else', ${stranger.email}, '+1 555 0142', 'Any', 'A stranger typed this address')`);
    const entries = await readZip((await get("/api/me/data/export", stranger.cookie)).rawPayload);
    const data = JSON.parse(entries.get("data.json")?.toString("utf8") ?? "{}");
    expect(data.callRequests).toMatchObject({ yourRequests: [], matchedByAddress: false });
  });

  it("answers 401 to visitors and never another member's data", async () => {
    expect((await get("/api/me/data/export")).statusCode).toBe(401);
    expect((await get("/api/me/data")).statusCode).toBe(401);
    expect((await sendJson(t.app, "POST", "/api/me/data/exports", {})).statusCode).toBe(401);
    const data = JSON.parse((await readZip((await get("/api/me/data/export", other.cookie)).rawPayload)).get("data.json")?.toString("utf8") ?? "{}");
    expect(data.profile.email).toBe(other.email);
    expect(data.posts).toEqual([expect.objectContaining({ content: "Someone else's post" })]);
  });
});

describe("a large export is prepared in the background and mailed as an expiring link", () => {
  it(`over ${EXPORT_DOWNLOAD_LIMITS.records} records: 409 to the download, 202 to the request, one mail, a link only the member can use`, async () => {
    const big = await memberCookie(t, "inventor", "Prolific Poster");
    await t.database.db.execute(sql`insert into ${communityPosts} (author_id, content) select ${big.userId}, 'Post number ' || n from generate_series(1, ${EXPORT_DOWNLOAD_LIMITS.records + 1}) n`);
    const summary: AccountDataSummary = (await get("/api/me/data", big.cookie)).json();
    expect(summary.export).toMatchObject({ delivery: "email", records: EXPORT_DOWNLOAD_LIMITS.records + 2, prepared: null });

    const direct = await get("/api/me/data/export", big.cookie);
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.exportTooLarge);

    const requested = await sendJson(t.app, "POST", "/api/me/data/exports", {}, big.cookie);
    expect(requested.statusCode).toBe(202);
    const again = await sendJson(t.app, "POST", "/api/me/data/exports", {}, big.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.exportInProgress);

    const mail = await eventually(async () => (await t.database.db.select().from(outboxMessages).where(sql`lower(${outboxMessages.to}) = ${big.email.toLowerCase()} and ${outboxMessages.subject} like '%ready to download'`))[0]);
    const link = /http:\/\/localhost:3000(\/api\/me\/data\/exports\/[^\s]+)/.exec(mail.text)?.[1] ?? "";
    expect(link).toMatch(/expires=\d+&signature=/);
    const ready: AccountDataSummary = (await get("/api/me/data", big.cookie)).json();
    expect(ready.export.prepared).toMatchObject({ status: "ready", downloadUrl: link });
    expect(Date.parse(ready.export.prepared?.expiresAt ?? "") - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const download = await get(link, big.cookie);
    expect(download.statusCode).toBe(200);
    const data = JSON.parse((await readZip(download.rawPayload)).get("data.json")?.toString("utf8") ?? "{}");
    expect(data.posts).toHaveLength(EXPORT_DOWNLOAD_LIMITS.records + 1);

    // Signed out: the Account page (which asks to sign in); someone else's session or a changed link: gone.
    const signedOut = await get(link);
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe("/members/account#your-data");
    expect((await get(link, other.cookie)).statusCode).toBe(410);
    expect((await get(tamperedLink(link), big.cookie)).statusCode).toBe(410);
    expect((await get(link.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 30 * 86_400}`), big.cookie)).statusCode).toBe(410);

    // Once expired, the link is refused at once, and the scheduled cleanup job removes the stored zip and the row.
    await t.database.db.execute(sql`update account_exports set expires_at = now() - interval '1 second' where user_id = ${big.userId}`);
    const [{ file_key: fileKey = "" } = {}] = ((await t.database.db.execute(sql`select file_key from account_exports where user_id = ${big.userId}`)) as unknown as QueryRows<{ file_key: string }>).rows;
    const expiredLink = `/api/me/data/exports/${/exports\/([^/]+)/.exec(link)?.[1]}/download?${link.split("?")[1]}`;
    expect((await get(expiredLink, big.cookie)).statusCode).toBe(410);
    expect(await t.files.stat(fileKey)).not.toBeNull();
    await t.jobs.send(QUEUES.accountExportCleanup, {});
    // The job removes the file, then the row: both are waited for.
    const rowsLeft = async () => Number(((await t.database.db.execute(sql`select count(*)::int as n from account_exports where user_id = ${big.userId}`)) as unknown as QueryRows<{ n: number }>).rows[0]?.n);
    await eventually(async () => (await t.files.stat(fileKey)) === null && (await rowsLeft()) === 0);
  }, 60_000);

  it("reads an export whose job never finished as failed after an hour, and lets the member ask again", async () => {
    const stuck = await memberCookie(t, "free", "Stuck Export");
    await t.database.db.execute(sql`insert into account_exports (user_id, status, requested_at) values (${stuck.userId}, 'preparing', now() - interval '2 hours')`);
    const summary: AccountDataSummary = (await get("/api/me/data", stuck.cookie)).json();
    expect(summary.export.prepared).toMatchObject({ status: "failed", downloadUrl: null });
    expect((await sendJson(t.app, "POST", "/api/me/data/exports", {}, stuck.cookie)).statusCode).toBe(202);
  });

  it("limits how often a member exports (429 past 10 an hour)", async () => {
    const eager = await memberCookie(t, "free", "Eager Exporter");
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await get("/api/me/data/export", eager.cookie)).statusCode).toBe(200);
    const refused = await get("/api/me/data/export", eager.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.exportRateLimited);
  });
});
