import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { guardedLookup, isPrivateAddress, SafeFetchError } from "../news/safe-fetch";
import { SIGNATURE_HEADER, signatureHeader } from "./webhook-signature";

/** What the log keeps of an answer's body. */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** A receiver should answer at once and work later; slower answers count as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface SignedPost {
  url: string;
  body: string;
  secret: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
}

export interface PostOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string;
  error: string | null;
  /** Refused by the address guard: trying again cannot help, so it is not retried. */
  refused: boolean;
}

/**
 * POSTs one signed delivery. The address connected to is checked after DNS resolution (an IP in the
 * URL before), so a host that came to point inside the network is refused here even though it passed
 * at registration; redirects are not followed (a 3xx is a failed attempt).
 */
export async function postSigned(request: SignedPost, now = Date.now): Promise<PostOutcome> {
  const started = now();
  const finish = (fields: Omit<PostOutcome, "durationMs" | "refused"> & { refused?: boolean }): PostOutcome => ({ refused: false, ...fields, durationMs: Math.max(0, now() - started) });
  const url = new URL(request.url);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !request.allowPrivate && isPrivateAddress(literal)) {
    return finish({ ok: false, statusCode: null, responseExcerpt: "", error: "Refused: the address is private, loopback or link-local", refused: true });
  }
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const answer = await send(url, request, timestamp);
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    const redirected = answer.statusCode >= 300 && answer.statusCode < 400;
    const error = ok ? null : redirected ? `Redirect to ${answer.location ?? "(no location)"} not followed` : `Answered ${answer.statusCode}`;
    return finish({ ok, statusCode: answer.statusCode, responseExcerpt: answer.excerpt, error });
  } catch (failure) {
    const refused = failure instanceof SafeFetchError;
    const message = refused ? "Refused: the host resolves to a private, loopback or link-local address" : describe(failure);
    return finish({ ok: false, statusCode: null, responseExcerpt: "", error: message, refused });
  }
}

interface Answer {
  statusCode: number;
  excerpt: string;
  location?: string;
}

function send(url: URL, request: SignedPost, timestamp: number): Promise<Answer> {
  const client = url.protocol === "https:" ? https : http;
  const body = Buffer.from(request.body, "utf8");
  return new Promise((resolve, reject) => {
    let settled = false;
    const outgoing = client.request(
      url,
      {
        method: "POST",
        lookup: guardedLookup(request.allowPrivate),
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          ...request.headers,
          "content-type": "application/json",
          "content-length": String(body.length),
          "user-agent": "InventorsCommunity-Webhooks/1.0",
          [SIGNATURE_HEADER]: signatureHeader(request.secret, request.body, timestamp),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          if (settled) return;
          settled = true;
          const location = response.headers.location;
          resolve({ statusCode: response.statusCode ?? 0, excerpt: Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_EXCERPT_BYTES), ...(location ? { location } : {}) });
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough for the log: the rest of a long answer is not read.
          if (size >= RESPONSE_EXCERPT_BYTES) {
            done();
            outgoing.destroy();
          }
        });
        response.on("end", done);
        response.on("error", () => done());
      },
    );
    const deadline = setTimeout(() => outgoing.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)), DELIVERY_TIMEOUT_MS);
    outgoing.on("close", () => clearTimeout(deadline));
    outgoing.on("timeout", () => outgoing.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    outgoing.on("error", (error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    });
    outgoing.end(body);
  });
}

function describe(failure: unknown): string {
  if (!(failure instanceof Error)) return "Could not connect";
  const code = (failure as { code?: string }).code;
  return code ? `${failure.message} (${code})`.slice(0, 300) : failure.message.slice(0, 300);
}
