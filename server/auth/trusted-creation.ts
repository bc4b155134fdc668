import { AsyncLocalStorage } from "node:async_hooks";

/*
 * Marks the accounts the server itself creates (first admin, Add User, an accepted invitation), so
 * registration settings (closed, approval required) apply to self-registration only. Kept apart from
 * createConfirmedAccount so the registration rules auth is built from never import auth back.
 */

const trustedCreation = new AsyncLocalStorage<true>();

/** Runs `create` as a server-made account creation. */
export function runAsTrustedCreation<T>(create: () => Promise<T>): Promise<T> {
  return trustedCreation.run(true, create);
}

/** True while the server itself creates an account. */
export function isTrustedAccountCreation(): boolean {
  return trustedCreation.getStore() === true;
}
