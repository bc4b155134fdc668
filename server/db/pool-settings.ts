/**
 * How the PostgreSQL pool bounds its waits (README, "Running on PostgreSQL"). Kept apart from
 * client.ts so that the settings' schema (server/env.ts) reads the defaults without loading a driver.
 */
export interface PoolSettings {
  /** Connections each instance keeps at most (besides the readiness check's one and migrations'). */
  poolSize: number;
  /** Longest wait for a connection: a free one from the pool, or a new one's login. */
  connectTimeoutMs: number;
  /** PostgreSQL cancels a statement running longer (lock waits included); 0 leaves it to the server's setting. */
  statementTimeoutMs: number;
  /** The driver gives up on an answer after this long and throws the connection away: it may be dead. */
  queryTimeoutMs: number;
  /** PostgreSQL ends a session left idle inside a transaction this long (its client died); 0 leaves it to the server. */
  idleInTransactionTimeoutMs: number;
}

/**
 * The statement bound leaves the slowest request (an export, a cascade deletion, a sync waiting its
 * turn on a customer) room; the driver's own is a second longer, so that a statement that is merely
 * slow is cancelled by the server and its connection kept. The app never leaves a transaction idle
 * for long: the idle bound only ends sessions whose instance died or lost them, and holds their locks
 * no longer than that.
 */
export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  poolSize: 10,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 5000,
  queryTimeoutMs: 6000,
  idleInTransactionTimeoutMs: 90_000,
};
