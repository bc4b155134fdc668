import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/client";
import { createInFlight } from "./in-flight";
import type { QueueName } from "./queues";

export interface JobInfo<T> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

export interface WorkerDefinition<T> {
  queue: QueueName;
  /** Delivery is at least once: the handler must be idempotent. */
  handler(job: JobInfo<T>): Promise<void>;
  /** Queue policy: how long a job may run before pg-boss hands it to another worker, and how it is retried. */
  expireInSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Each retry waits about twice as long as the one before (pg-boss: the delay times 2^n, with jitter). */
  retryBackoff?: boolean;
  /**
   * A cron expression (UTC) to run the queue on a schedule: pg-boss sends one job per due time,
   * whatever the number of instances (one instance's clock tick sends it, under a singleton key).
   */
  cron?: string;
}

export interface JobQueue {
  /** Starts pg-boss (its `pgboss` schema is created on first start) and every registered worker; later calls wait for the first. */
  start(): Promise<void>;
  /** With `id`, sending the same id again while pg-boss keeps the job adds nothing (an outbox relay resends safely). */
  send<T extends object>(queue: QueueName, data: T, options?: { id?: string }): Promise<void>;
  register<T>(worker: WorkerDefinition<T>): void;
  /**
   * Runs `task` every `intervalMs` on this instance while the queue runs: each instance runs its own
   * (unlike a cron job, which one instance takes). A stop waits for a run in progress; a failed run is logged.
   */
  every(name: string, intervalMs: number, task: () => Promise<void>): void;
  /** True once shutdown began: long handlers stop after the step in hand and leave the rest to a later job. */
  isStopping(): boolean;
  /** Stops fetching, waits for handlers in progress (they finish their step), and closes; calls after the first wait for it. */
  stop(): Promise<void>;
}

const POLLING_INTERVAL_SECONDS = 0.5;
/** How long shutdown waits for a handler's step before pg-boss fails the job (it is then retried). */
const STOP_TIMEOUT_MS = 20_000;

/** The job queue on the app's own database: PostgreSQL through its pool, PGlite through executeSql (the only process allowed to open its folder). */
export function createJobQueue(database: DatabaseHandle, logger: Logger): JobQueue {
  const inFlight = createInFlight();
  const execute = executorFor(database);
  const executeSql: Executor = (text, values) => inFlight.track(execute(text, values));
  const boss = new PgBoss({ db: { executeSql }, schedule: true, supervise: true, migrate: true });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  const workers: Array<WorkerDefinition<never>> = [];
  const periodic: Array<{ name: string; intervalMs: number; task: () => Promise<void> }> = [];
  const timers = new Set<NodeJS.Timeout>();
  let starting: Promise<void> | null = null;
  let stopping: Promise<void> | null = null;

  async function startAll(): Promise<void> {
    await createSchemaOnce(executeSql);
    await boss.start();
    for (const worker of workers) {
      const { queue, expireInSeconds, retryLimit, retryDelaySeconds, retryBackoff = false } = worker;
      await ensureQueue(boss, queue, { name: queue, expireInSeconds, retryLimit, retryDelay: retryDelaySeconds, retryBackoff });
      await boss.work<never>(queue, { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, includeMetadata: true }, async ([job]) => {
        if (job) await inFlight.track(worker.handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit }));
      });
      if (worker.cron) await boss.schedule(queue, worker.cron, {}, { tz: "UTC" });
    }
    for (const { name, intervalMs, task } of periodic) {
      const next = () => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (stopping) return;
          void inFlight.track(task().catch((error: unknown) => logger.error({ err: error, task: name }, "periodic job task failed"))).then(() => {
            if (!stopping) next();
          });
        }, intervalMs);
        timers.add(timer);
      };
      next();
    }
  }

  return {
    start() {
      starting ??= startAll();
      return starting;
    },
    async send(queue, data, options) {
      await this.start();
      await boss.send(queue, data, options?.id ? { id: options.id } : {});
    },
    register(worker) {
      if (starting) throw new Error(`worker for ${worker.queue} registered after the queue started`);
      workers.push(worker as unknown as WorkerDefinition<never>);
    },
    every(name, intervalMs, task) {
      if (starting) throw new Error(`periodic task ${name} registered after the queue started`);
      periodic.push({ name, intervalMs, task });
    },
    isStopping: () => stopping !== null,
    stop() {
      // Shutdown calls this first and app.close() again: both wait for the same stop.
      stopping ??= (async () => {
        if (!starting) return;
        await starting.catch(() => undefined);
        for (const timer of timers) clearTimeout(timer);
        const deadline = Date.now() + STOP_TIMEOUT_MS;
        await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, wait: true, close: false });
        // The database closes after this: pg-boss's own unawaited work must be done by then.
        await inFlight.settle(deadline);
      })();
      return stopping;
    },
  };
}

/** PostgreSQL's code for a transaction it aborted to break a deadlock. */
const DEADLOCK_DETECTED = "40P01";
const CREATE_QUEUE_ATTEMPTS = 5;

/**
 * Creates the queue, or brings an existing one's policy up to date. Two instances starting at once can
 * deadlock inside pg-boss's create_queue (it adds a partition to the shared job table); PostgreSQL
 * aborts one of them, which then finds the queue its twin made.
 */
async function ensureQueue(boss: PgBoss, name: QueueName, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await boss.getQueue(name)) return await boss.updateQueue(name, options);
      return await boss.createQueue(name, options);
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt === CREATE_QUEUE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** PostgreSQL's code for a unique key another transaction took first. */
const UNIQUE_VIOLATION = "23505";

/**
 * Two instances starting at once on an empty database both run CREATE SCHEMA IF NOT EXISTS inside
 * pg-boss's migration, and the slower one fails on pg_namespace's unique key (pg-boss cannot start
 * again after a failed start). Creating the schema first, retrying that race, leaves pg-boss a schema
 * that exists.
 */
async function createSchemaOnce(executeSql: Executor): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await executeSql("CREATE SCHEMA IF NOT EXISTS pgboss");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt === CREATE_QUEUE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

type Executor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** pg-boss speaks to the same client drizzle uses; PGlite runs parameterless multi-statement SQL through exec(). */
function executorFor(database: DatabaseHandle): Executor {
  const client: unknown = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === "postgres") {
    const pool = client as Pool;
    return (text, values) => pool.query(text, values);
  }
  const pglite = client as PGlite;
  return async (text, values) => {
    // PGlite answers on this thread without giving the event loop a turn: pg-boss's start and polls,
    // dozens of statements in a row, would hold every request (the first after a start waited 0.5 s).
    await yieldToEventLoop();
    if (values && values.length > 0) return pglite.query(text, values);
    const results = await pglite.exec(text);
    return results.at(-1) ?? { rows: [] };
  };
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
