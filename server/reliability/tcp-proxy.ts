import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * How a partition looks to both ends, neither of which is told anything (no FIN, no RST):
 * - "blackhole": every connection stays open and no byte moves. What was sent is held, as TCP keeps
 *   retransmitting it, and delivered late on `heal()`; a side that closed meanwhile has its held
 *   bytes delivered before its close, but a side that reset loses them (a reset discards unsent data).
 * - "forget": a middlebox or failover forgot the connections. Every byte sent on them is dropped and
 *   never arrives, now or after `heal()`, and they stay open: only a timeout at one end can end them.
 * New connections during a partition fare the same as the open ones; after `heal()` new ones work.
 */
export type PartitionMode = "blackhole" | "forget";

/** A TCP proxy a test can cut: `stop()` drops every connection and refuses new ones, as a database host that went away. */
export interface TcpProxy {
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  partition(mode: PartitionMode): void;
  heal(): void;
  close(): Promise<void>;
}

type LinkState = "flowing" | "held" | "forgotten";

interface Link {
  sockets: [Socket, Socket];
  partition(mode: PartitionMode): void;
  heal(): void;
}

/** Forwards 127.0.0.1:<free port> to `target`; listening when it resolves. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const links = new Set<Link>();
  let server: Server | null = null;
  let port = 0;
  let partitioned: PartitionMode | null = null;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer({ allowHalfOpen: true }, (client) => {
        const upstream = connect({ port: target.port, host: target.host, allowHalfOpen: true });
        const link = linkSockets(client, upstream, partitioned === null ? "flowing" : partitioned === "blackhole" ? "held" : "forgotten", () => links.delete(link));
        links.add(link);
      });
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => {
        const address = listening.address();
        if (typeof address === "object" && address) port = address.port;
        server = listening;
        resolve();
      });
    });

  const stop = async () => {
    const closing = server;
    server = null;
    for (const link of links) for (const socket of link.sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    stop,
    start: listen,
    partition(mode) {
      partitioned = mode;
      for (const link of links) link.partition(mode);
    },
    heal() {
      partitioned = null;
      for (const link of links) link.heal();
    },
    close: stop,
  };
}

/** Copies bytes both ways while flowing; holds or drops them, and the closes, while partitioned. */
function linkSockets(a: Socket, b: Socket, initial: LinkState, gone: () => void): Link {
  let state = initial;
  let closed = 0;
  const directions = [direction(a, b), direction(b, a)];

  function direction(from: Socket, to: Socket) {
    const held: Buffer[] = [];
    let ending: "end" | "reset" | null = null;
    const pass = () => {
      for (const chunk of held.splice(0)) to.write(chunk);
      if (ending === "end") to.end();
    };
    from.on("data", (chunk: Buffer) => {
      if (state === "flowing") to.write(chunk);
      else if (state === "held") held.push(chunk);
    });
    from.on("end", () => {
      ending ??= "end";
      if (state === "flowing") pass();
    });
    from.on("error", () => undefined);
    from.once("close", () => {
      ending ??= "reset";
      if (ending === "reset" && state === "flowing") to.resetAndDestroy();
      closed += 1;
      if (closed === 2) gone();
    });
    return {
      heal() {
        if (ending === "reset") {
          held.length = 0;
          to.resetAndDestroy();
        } else pass();
      },
    };
  }

  return {
    sockets: [a, b],
    partition(mode) {
      if (state === "flowing") state = mode === "blackhole" ? "held" : "forgotten";
    },
    heal() {
      if (state !== "held") return;
      state = "flowing";
      for (const each of directions) each.heal();
    },
  };
}
