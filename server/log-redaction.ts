/**
 * Secrets that travel in query strings (OAuth codes and states, unsubscribe tokens, signed file links,
 * reset and invitation tokens) or sit in logged objects under their own names, kept out of the logs. Applied to each finished log line, so every URL
 * is covered whoever logged it: Fastify's request lines, error messages and stacks, better-auth's.
 */

/** Parameter names that are secrets by themselves (`t` is the unsubscribe links' token). */
const SECRET_NAMES = new Set(["code", "state", "token", "t", "sig", "signature", "key", "secret", "password", "otp", "nonce", "ticket", "jwt", "session"]);
/** Parts of names that mark a secret: access_token, client_secret, X-Amz-Signature, X-Amz-Credential, api_key. */
const SECRET_NAME_PARTS = /token|secret|signature|passw|credential|api_?key|session/;
/** Names that are harmless alone but complete a signed link, which they stay with. */
const SIGNED_LINK_PARTS = new Set(["expires", "exp", "x-amz-date", "x-amz-expires"]);

export const REDACTED = "[redacted]";

/**
 * A query string inside a JSON log line: up to the end of its JSON string (an unescaped quote), a
 * space or a fragment. Escaped characters (`\"`, `\\`) belong to it.
 */
const QUERY = /\?((?:[^\s"#\\]|\\.)+)/g;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

const isSecretName = (name: string) => SECRET_NAMES.has(name) || SECRET_NAME_PARTS.test(name);

function redactQuery(query: string): string {
  const pairs = query.split("&").map((pair) => {
    const equals = pair.indexOf("=");
    return equals < 0 ? { name: decodedName(pair), raw: pair, key: pair } : { name: decodedName(pair.slice(0, equals)), raw: pair, key: pair.slice(0, equals) };
  });
  const signed = pairs.some((pair) => pair.name === "sig" || pair.name.includes("signature"));
  return pairs
    .map((pair) => (pair.raw !== pair.key && (isSecretName(pair.name) || (signed && SIGNED_LINK_PARTS.has(pair.name))) ? `${pair.key}=${REDACTED}` : pair.raw))
    .join("&");
}

/**
 * A JSON string member. Its key is a secret's name (better-auth logs a failed OAuth state as
 * `details: { state }`), except `code` and `t`, which name error codes and other plain values there.
 */
const MEMBER = /"([\w$-]+)":"((?:[^"\\]|\\.)*)"/g;
const isSecretKey = (key: string) => key !== "code" && key !== "t" && isSecretName(key.toLowerCase());

/** The log line with the value of every secret-looking query parameter and JSON member replaced by `[redacted]`. */
export function redactSecretsInLine(line: string): string {
  const members = line.replace(MEMBER, (member, key: string) => (isSecretKey(key) ? `"${key}":"${REDACTED}"` : member));
  if (!members.includes("?")) return members;
  return members.replace(QUERY, (_match, query: string) => `?${redactQuery(query)}`);
}
