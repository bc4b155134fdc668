import { existsSync } from "node:fs";
import { z } from "zod";
import { isProxyAddressList } from "./auth/client-ip";
import { DEFAULT_POOL_SETTINGS } from "./db/pool-settings";

const PLACEHOLDER_WORDS = ["changeme", "change-me", "change_me", "your-secret", "placeholder", "example", "secretsecret"];

function isPlaceholderSecret(secret: string): boolean {
  const lower = secret.toLowerCase();
  return PLACEHOLDER_WORDS.some((word) => lower.includes(word)) || new Set(lower).size < 8;
}

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "expected true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalUrl = (protocols: string[], hint: string) =>
  optionalString.refine(
    (value) => value === undefined || protocols.some((protocol) => value.startsWith(protocol)),
    { message: `expected ${hint}` },
  );

/** Every setting the server reads; README's configuration table mirrors this schema. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "expected development, production or test" }).default("production"),
  PORT: z.coerce.number({ error: "expected a port number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalUrl(["http://", "https://"], "an http(s) URL such as https://community.example.com"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"], "a postgres:// connection string"),
  /** PostgreSQL only: connections per instance, and how long each wait on the database may last (server/db/pool-settings.ts). */
  DATABASE_POOL_SIZE: z.coerce.number({ error: "expected a whole number from 1 to 500" }).int().min(1).max(500).default(DEFAULT_POOL_SETTINGS.poolSize),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number({ error: "expected a number of milliseconds from 100 to 60000" }).int().min(100).max(60_000).default(DEFAULT_POOL_SETTINGS.connectTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number({ error: "expected a number of milliseconds up to 3600000 (0: the database's own setting)" }).int().min(0).max(3_600_000).default(DEFAULT_POOL_SETTINGS.statementTimeoutMs),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number({ error: "expected a number of milliseconds from 100 to 3600000" }).int().min(100).max(3_600_000).default(DEFAULT_POOL_SETTINGS.queryTimeoutMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number({ error: "expected a number of milliseconds up to 3600000 (0: the database's own setting)" }).int().min(0).max(3_600_000).default(DEFAULT_POOL_SETTINGS.idleInTransactionTimeoutMs),
  AUTH_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: "expected at least 32 characters (generate one with: openssl rand -base64 48)",
  }),
  TRUSTED_PROXY: optionalString.refine((value) => value === undefined || /^[a-z0-9-]+$/i.test(value), {
    message: "expected the name of the header your proxy sets, such as x-forwarded-for",
  }),
  TRUSTED_PROXY_ADDRESSES: optionalString.refine((value) => value === undefined || isProxyAddressList(value), {
    message: "expected addresses or CIDR ranges separated by commas, such as 10.0.0.5,10.1.0.0/16",
  }),
  AUTH_RATE_LIMIT_IP: z.coerce.number({ error: "expected a whole number" }).int().positive().default(20),
  AUTH_RATE_LIMIT_ACCOUNT: z.coerce.number({ error: "expected a whole number" }).int().positive().default(8),
  ADMIN_EMAIL: optionalString.refine((value) => value === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
    message: "expected an email address",
  }),
  ADMIN_PASSWORD: optionalString.refine((value) => value === undefined || (value.length >= 6 && value.length <= 128), {
    message: "expected 6 to 128 characters",
  }),
  ADMIN_NAME: z.string().trim().min(1).default("Administrator"),
  ENABLE_TEST_LOGIN: booleanString.optional(),
  SMTP_URL: optionalUrl(["smtp://", "smtps://"], "an smtp:// or smtps:// URL"),
  MAIL_FROM: z.string().default("Inventors Community <support@inventors.community>"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: optionalUrl(["http://", "https://"], "the issuer URL of your OpenID Connect provider"),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_LABEL: z.string().trim().min(1).default("SSO"),
  NEWS_FEED_URL: optionalUrl(["http://", "https://"], "an http(s) URL of an RSS feed"),
  NEWS_CACHE_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(0).default(900),
  NEWS_ALLOW_PRIVATE: booleanString.default(false),
  /** How long one fetch of the news feed may take before the samples are served instead. */
  NEWS_FETCH_TIMEOUT_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(1).max(60).default(5),
  /** Let push subscriptions name private addresses (tests run a push service on this machine). */
  PUSH_ALLOW_PRIVATE: booleanString.default(false),
  /** Unsafe, tests only (refused in production): webhooks may be registered at and sent to loopback and private addresses, over plain http. */
  WEBHOOK_ALLOW_PRIVATE: booleanString.default(false),
  /** The first retry's wait after a failed webhook delivery; each later one doubles (README: Webhooks). */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(1).max(3600).default(60),
  BOOKING_EMBED_URL: optionalUrl(["https://", "http://"], "an http(s) URL of your booking calendar's embed page"),
  CONTACT_EMAIL: z.string().trim().default("support@inventors.community"),
  CONTACT_PHONE: z.string().trim().default("(321) 555-0142"),
  CONTACT_ADDRESS: z.string().trim().default("1 Innovation Way, Suite 200, Melbourne, FL 32901, United States"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl(["http://", "https://"], "an http(s) base URL of a Stripe API stand-in"),
  BILLING_GRACE_DAYS: z.coerce.number({ error: "expected a number of days" }).int().min(0).max(60).default(7),
  /** Community: accounts younger than this many days flag into the queue but their flags never hide anything. */
  COMMUNITY_FLAG_TRUST_DAYS: z.coerce.number({ error: "expected a number of days" }).int().min(0).max(365).default(7),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { error: "expected a pino level such as info" }).default("info"),
  WEB_DIST_DIR: z.string().default("./dist/web"),
  /** Admins must turn on two-factor sign-in before the admin API answers them. */
  REQUIRE_ADMIN_2FA: booleanString.default(false),
  /** The Google OAuth client that may send as the business's Gmail; defaults to GOOGLE_CLIENT_ID/SECRET. */
  GMAIL_CLIENT_ID: optionalString,
  GMAIL_CLIENT_SECRET: optionalString,
  /** Google's consent page, token endpoint and Gmail API; changed only to aim at a stand-in. */
  GMAIL_AUTH_URL: z.url({ error: "expected an http(s) URL" }).default("https://accounts.google.com/o/oauth2/v2/auth"),
  GMAIL_TOKEN_URL: z.url({ error: "expected an http(s) URL" }).default("https://oauth2.googleapis.com/token"),
  GMAIL_API_URL: z.url({ error: "expected an http(s) URL" }).default("https://gmail.googleapis.com"),
  /** Seals the stored Gmail refresh token; derived from AUTH_SECRET when unset. */
  MAIL_SECRET_KEY: optionalString.refine((value) => value === undefined || value.length >= 32, { message: "expected at least 32 characters" }),
  /** Bulk email: recipients per batch and the pause between batches (spec: 5 and 1 s). */
  EMAIL_BATCH_SIZE: z.coerce.number({ error: "expected a whole number" }).int().min(1).max(100).default(5),
  EMAIL_BATCH_PAUSE_MS: z.coerce.number({ error: "expected a number of milliseconds" }).int().min(0).max(60_000).default(1000),
  /** Bulk email: how long to wait before trying again when the mail server cannot be reached. */
  EMAIL_RETRY_DELAY_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(1).max(3600).default(30),
  /** Bulk email: a send whose sender wrote no heartbeat for this long is taken over by another instance (its messages in hand are not sent again). */
  EMAIL_SENDER_STALE_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(3).max(300).default(30),
  /** How stale another instance's content writes may look in this instance's cached lists (server/cache/README.md). */
  /** How often a quiet notification stream sends a comment line, so proxies do not close it (README: Notifications). */
  /** How often each instance mails the notifications members chose to get by email at once. */
  NOTIFICATION_MAIL_INTERVAL_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(1).max(3600).default(10),
  /** How often each instance looks for sessions starting within a day or an hour, to remind those going. */
  SESSION_REMINDER_INTERVAL_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(1).max(3600).default(60),
  /** The keys that sign web pushes; without them a pair is generated once and kept in the database (README: Notifications). */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  NOTIFICATION_HEARTBEAT_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(1).max(300).default(25),
  CONTENT_VERSION_CHECK_MS: z.coerce.number({ error: "expected a number of milliseconds" }).int().min(0).max(1000).default(250),
  /** Files go to this S3-compatible bucket instead of DATA_DIR/files when set. */
  S3_BUCKET: optionalString,
  /** A non-AWS server (MinIO, R2, ...); addressed path-style. */
  S3_ENDPOINT: optionalUrl(["http://", "https://"], "an http(s) URL of an S3-compatible server"),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** A storage call gives up (then answers 503) when connecting, or any wait for a byte, takes longer than this. */
  S3_TIMEOUT_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(1).max(120).default(3),
  /** Slow clients: headers within this long, and no body silent for this long (server/plugins/slow-clients.ts). */
  REQUEST_IDLE_TIMEOUT_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(1).max(600).default(30),
  /** Slow clients: a body must average at least this rate after its first REQUEST_IDLE_TIMEOUT_SECONDS (16 KB/s: 50 MB in under an hour). */
  REQUEST_MIN_BYTES_PER_SECOND: z.coerce.number({ error: "expected a number of bytes per second" }).int().min(100).max(10_000_000).default(16_384),
  /** Sample sessions, posts, resources and videos on a first start: on by default for the embedded database only. */
  SEED_DEMO: booleanString.optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

/** Parses the environment (after an optional `.env`), failing with one line per bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = readProcessEnv()): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const pairs: Array<[keyof Env, keyof Env]> = [
    ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    ["GMAIL_CLIENT_ID", "GMAIL_CLIENT_SECRET"],
    ["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"],
    ["ADMIN_EMAIL", "ADMIN_PASSWORD"],
    ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"],
  ];
  for (const [a, b] of pairs) {
    if (Boolean(env[a]) !== Boolean(env[b])) throw new EnvError(`Invalid configuration:\n  ${env[a] ? b : a}: required when ${env[a] ? a : b} is set`);
  }
  // The database cancels a statement that is merely slow and the connection stays; the driver's
  // timeout throws the connection away, so it must not come first.
  if (env.DATABASE_STATEMENT_TIMEOUT_MS > 0 && env.DATABASE_QUERY_TIMEOUT_MS <= env.DATABASE_STATEMENT_TIMEOUT_MS) {
    throw new EnvError(`Invalid configuration:\n  DATABASE_QUERY_TIMEOUT_MS: must be longer than DATABASE_STATEMENT_TIMEOUT_MS (${env.DATABASE_STATEMENT_TIMEOUT_MS}), so the database cancels a slow statement before the connection is given up`);
  }
  // Admins type webhook addresses: letting them reach the internal network is for a test machine only.
  if (env.NODE_ENV === "production" && env.WEBHOOK_ALLOW_PRIVATE) {
    throw new EnvError("Invalid configuration:\n  WEBHOOK_ALLOW_PRIVATE: only for tests; production never sends webhooks to private or loopback addresses");
  }
  if (env.OIDC_CLIENT_ID && !env.OIDC_ISSUER) throw new EnvError("Invalid configuration:\n  OIDC_ISSUER: required when OIDC_CLIENT_ID is set");
  // The embedded default may generate its own secret into DATA_DIR; shared PostgreSQL deployments
  // run several instances that must agree on one, so there it has to be given.
  const secretMissing = !env.AUTH_SECRET && Boolean(env.DATABASE_URL);
  const secretPlaceholder = env.AUTH_SECRET !== undefined && isPlaceholderSecret(env.AUTH_SECRET);
  if (env.NODE_ENV === "production" && (secretMissing || secretPlaceholder)) {
    throw new EnvError("Invalid configuration:\n  AUTH_SECRET: required in production with DATABASE_URL, and must not be a placeholder (openssl rand -base64 48)");
  }
  return env;
}

function readProcessEnv(): NodeJS.ProcessEnv {
  if (existsSync(".env")) process.loadEnvFile(".env");
  return process.env;
}

/** Test login is on outside production, or when explicitly enabled. */
export function isTestLoginEnabled(env: Env): boolean {
  return env.ENABLE_TEST_LOGIN ?? env.NODE_ENV !== "production";
}

/** Demo content is seeded into the embedded database unless SEED_DEMO=false, and into PostgreSQL only with SEED_DEMO=true. */
export function shouldSeedDemo(env: Env): boolean {
  return env.SEED_DEMO ?? !env.DATABASE_URL;
}

/** The address users reach the app at; links in mail and OAuth callbacks are built from it. */
export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}
