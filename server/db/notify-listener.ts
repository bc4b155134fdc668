import pg from "pg";

export interface ChannelHandlers {
  onMessage(payload: string): void;
  /** The listener was cut off and is back: messages sent meanwhile were lost, so whatever they announced must be read again. */
  onReconnect(): void;
  /** An attempt to get the connection back failed; another follows. */
  onRetry(error: unknown): void;
}

export type StopListening = () => Promise<void>;

/** The longest wait between two attempts to get the listening connection back. */
const MAX_RETRY_MS = 5000;

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would be handed to other queries),
 * reconnecting with a growing pause for as long as the listener runs: PostgreSQL drops notifications
 * for a session that is gone, so every reconnect is reported.
 */
export async function listenOnPostgres(connectionString: string, channel: string, handlers: ChannelHandlers): Promise<StopListening> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
    });
    next.on("error", () => undefined);
    next.on("end", () => {
      if (stopped || client !== next) return;
      client = null;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };

  const scheduleReconnect = () => {
    const delay = Math.min(MAX_RETRY_MS, 100 * 2 ** failures);
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          handlers.onReconnect();
        },
        (error: unknown) => {
          failures += 1;
          handlers.onRetry(error);
          if (!stopped) scheduleReconnect();
        },
      );
    }, delay);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const open = client;
    client = null;
    await open?.end().catch(() => undefined);
  };
}
