import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { WEBHOOK_MESSAGES } from "../../../common/contracts/webhooks";
import { AppError } from "../../errors";
import { isPrivateAddress } from "../news/safe-fetch";

/**
 * The registration-time check of an endpoint's address: https, and a host that resolves only to
 * public addresses (the news fetch's block list). Delivery checks the address it connects to again
 * (webhook-delivery.ts), since DNS may answer differently later. `allowPrivate` is for tests only
 * (WEBHOOK_ALLOW_PRIVATE, refused in production): it also lets plain http through.
 */
export async function assertDeliverableUrl(rawUrl: string, allowPrivate: boolean): Promise<void> {
  const url = new URL(rawUrl);
  const refuse = (message: string) => new AppError("VALIDATION_FAILED", message, { url: message });
  if (url.protocol !== "https:" && !allowPrivate) throw refuse(WEBHOOK_MESSAGES.urlHttpsOnly);
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw refuse(WEBHOOK_MESSAGES.urlPrivate);
    return;
  }
  const addresses = await lookup(host, { all: true }).catch(() => null);
  if (!addresses || addresses.length === 0) throw refuse(WEBHOOK_MESSAGES.urlUnresolvable);
  if (addresses.some((entry) => isPrivateAddress(entry.address))) throw refuse(WEBHOOK_MESSAGES.urlPrivate);
}
