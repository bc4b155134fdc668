import type { EmailErrorType } from "../../common/contracts/email";

/** Why a delivery failed, classified for the error log (spec 001 §3 types). */
export class MailDeliveryError extends Error {
  constructor(
    readonly type: EmailErrorType,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
}

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ESOCKET", "ECONNECTION", "ETIMEOUT", "EDNS"]);

/** Maps whatever a transport threw to a classified failure: unreachable servers are NETWORK_ERROR, refusals SEND_ERROR. */
export function toDeliveryError(error: unknown): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  if (!(error instanceof Error)) return new MailDeliveryError("UNKNOWN_ERROR", String(error));
  const code = (error as { code?: unknown }).code;
  const causeCode = (error.cause as { code?: unknown } | undefined)?.code;
  // fetch's own failures: no connection ("fetch failed") or no answer in time (AbortSignal.timeout).
  const fetchFailed = error.message === "fetch failed" || error.name === "TimeoutError" || error.name === "AbortError";
  if ((typeof code === "string" && NETWORK_CODES.has(code)) || (typeof causeCode === "string" && NETWORK_CODES.has(causeCode)) || fetchFailed) {
    return new MailDeliveryError("NETWORK_ERROR", error.message, typeof causeCode === "string" ? causeCode : undefined);
  }
  const response = (error as { response?: unknown }).response;
  if (typeof response === "string" || typeof (error as { responseCode?: unknown }).responseCode === "number") {
    return new MailDeliveryError("SEND_ERROR", error.message, typeof response === "string" ? response : undefined);
  }
  return new MailDeliveryError("UNKNOWN_ERROR", error.message);
}
