import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, memberCookie, TEST_SECRET, type TestApp } from "./test/build-test-app";
import { unsubscribeUrl } from "./features/email/unsubscribe-link";
import { createFileLinkSigner } from "./files/file-links";
import { REDACTED, redactSecretsInLine } from "./log-redaction";
import { createLogger } from "./logger";

describe("secrets in logged addresses", () => {
  const lines: string[] = [];
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // The production logger at info level, writing into `lines` instead of stdout.
    t = await buildTestApp({}, undefined, createLogger({ LOG_LEVEL: "info" }, { write: (line: string) => void lines.push(line) }));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps OAuth codes and states, unsubscribe tokens, file link signatures and other tokens out of every log line", async () => {
    const { userId } = await memberCookie(t, "inventor");
    const unsubscribe = new URL(unsubscribeUrl(base, TEST_SECRET, userId));
    const fileLink = createFileLinkSigner(TEST_SECRET).sign("resource", 1, null);
    const fileQuery = new URLSearchParams(fileLink);
    const secrets = {
      gmailCode: "4/0AdQt8qGmailCodeSecret",
      gmailState: "gmail-state-secret-1234",
      oidcCode: "oidc-code-secret-5678",
      oidcState: "oidc-state-secret-9012",
      unsubscribeToken: unsubscribe.searchParams.get("t") ?? "",
      signature: fileQuery.get("signature") ?? "",
      expires: fileQuery.get("expires") ?? "",
      resetToken: "reset-token-secret-3456",
      apiKey: "api-key-secret-7890",
      awsSignature: "aws-signature-secret-abcd",
    };
    expect(secrets.unsubscribeToken.length).toBeGreaterThan(10);
    expect(secrets.signature.length).toBeGreaterThan(10);
    lines.length = 0;

    const addresses = [
      `/callback?code=${encodeURIComponent(secrets.gmailCode)}&state=${secrets.gmailState}`,
      `/api/auth/callback/oidc?code=${secrets.oidcCode}&state=${secrets.oidcState}`,
      `${unsubscribe.pathname}${unsubscribe.search}`,
      `/api/resources/1/file?${fileLink}`,
      `/api/me/data/exports/1/download?${fileLink}`,
      `/api/auth/verify-email?token=${secrets.resetToken}&callbackURL=%2F`,
      `/api/no-such-route?api_key=${secrets.apiKey}&X-Amz-Signature=${secrets.awsSignature}&page=2`,
    ];
    for (const address of addresses) await (await fetch(`${base}${address}`, { redirect: "manual" })).arrayBuffer();
    await fetch(`${base}${unsubscribe.pathname}${unsubscribe.search}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });

    const log = lines.join("");
    for (const [name, secret] of Object.entries(secrets)) {
      expect(log.includes(secret) || log.includes(encodeURIComponent(secret)), `${name} reached the log: ${lines.filter((line) => line.includes(secret) || line.includes(encodeURIComponent(secret))).join("")}`).toBe(false);
    }
    // The addresses themselves are still there to read, each secret in its place marked.
    const urls = lines.map((line) => (JSON.parse(line) as { url?: string }).url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining([
        `/callback?code=${REDACTED}&state=${REDACTED}`,
        `/api/email/unsubscribe?u=${encodeURIComponent(userId)}&t=${REDACTED}`,
        `/api/resources/1/file?expires=${REDACTED}&signature=${REDACTED}`,
        `/api/no-such-route?api_key=${REDACTED}&X-Amz-Signature=${REDACTED}&page=2`,
      ]),
    );
  });

  it("redacts inside messages and escaped JSON strings too, and leaves ordinary parameters alone", () => {
    const line = `${JSON.stringify({ msg: 'Route GET:/x?token=a"b&page=3 not found', err: { stack: "at /y?access_token=zz9&q=cats\n" } })}\n`;
    const redacted = redactSecretsInLine(line);
    expect(JSON.parse(redacted)).toEqual({ msg: `Route GET:/x?token=${REDACTED}&page=3 not found`, err: { stack: `at /y?access_token=${REDACTED}&q=cats\n` } });
    expect(redactSecretsInLine('{"msg":"Did you mean this? yes","url":"/api/search?q=state&page=1"}')).toBe('{"msg":"Did you mean this? yes","url":"/api/search?q=state&page=1"}');
    expect(JSON.parse(redactSecretsInLine('{"args":[{"code":"state_mismatch","details":{"state":"s3cr3t","accessToken":"a\\"b"}}],"fileKey":"media/1.png"}'))).toEqual({
      args: [{ code: "state_mismatch", details: { state: REDACTED, accessToken: REDACTED } }],
      fileKey: "media/1.png",
    });
  });
});
