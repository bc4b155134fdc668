import { ApiError } from "../../lib/api-client";

/** The server's message for a refused request, or the spec's fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
