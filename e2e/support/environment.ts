/**
 * The browser tests' server: on E2E_PORT (the feed on the next port, the misconfigured app on the one
 * after), which playwright.config.ts sets to free ports unless it is given; and the first admin
 * created at start.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A second server whose Stripe keys are malformed, for the configuration error page. */
export const E2E_MISCONFIGURED_PORT = E2E_PORT + 2;
export const E2E_MISCONFIGURED_BASE_URL = `http://127.0.0.1:${E2E_MISCONFIGURED_PORT}`;

export const E2E_ADMIN = {
  email: "admin@e2e.test",
  password: "Admin-e2e-Pass1",
  name: "E2E Admin",
} as const;
