import { AppError } from "../errors";
import { createSlots } from "../slots";

/**
 * Too much billing work waits for the database or for another instance's sync of the customer: the
 * caller should come back shortly (a webhook answers 503 with Retry-After; Stripe retries it).
 */
export class BillingBusyError extends AppError {
  constructor(readonly reason: string) {
    super("SERVICE_UNAVAILABLE", "Billing is busy right now. Please try again in a few seconds.");
    this.name = "BillingBusyError";
  }
}

/**
 * Runs database work `max` at a time, at most `maxWaiting` more in line (first come, first served);
 * beyond that it refuses at once with BillingBusyError. Billing's share of the pool: a burst of
 * webhooks never takes more than `max` of the instance's connections, whatever else waits.
 */
export function createConnectionShare(max: number, maxWaiting: number): <T>(work: () => Promise<T>) => Promise<T> {
  return createSlots(max, { maxWaiting, refuse: (waiting) => new BillingBusyError(`${waiting} database steps already waiting`) });
}
