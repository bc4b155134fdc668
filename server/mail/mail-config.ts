import { publicUrl, type Env } from "../env";
import type { GmailConfig } from "./gmail-client";
import { createSecretBox, type SecretBox } from "./secret-box";

/** The Gmail client from the environment (GMAIL_CLIENT_*, else the Google sign-in client) and the box that seals its refresh token. */
export function mailerGmailOptions(env: Env, authSecret: string): { gmail?: GmailConfig; secretBox: SecretBox } {
  const secretBox = createSecretBox(env.MAIL_SECRET_KEY ?? authSecret);
  const clientId = env.GMAIL_CLIENT_ID ?? env.GOOGLE_CLIENT_ID;
  const clientSecret = env.GMAIL_CLIENT_ID ? env.GMAIL_CLIENT_SECRET : env.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return { secretBox };
  return {
    secretBox,
    gmail: {
      clientId,
      clientSecret,
      redirectUri: `${publicUrl(env)}/callback`,
      authUrl: env.GMAIL_AUTH_URL,
      tokenUrl: env.GMAIL_TOKEN_URL,
      apiUrl: env.GMAIL_API_URL,
    },
  };
}
