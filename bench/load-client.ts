import { Agent, request } from "node:http";

/** One call a member's page makes, with its share of the mix. */
export type Action = "dashboard" | "sessions" | "resources" | "videos" | "feed" | "post" | "like";

/** Shares of the members' calls: mostly reading the pages, some posting and liking. */
export const MIX: ReadonlyArray<readonly [Action, number]> = [
  ["dashboard", 20],
  ["sessions", 10],
  ["resources", 15],
  ["videos", 15],
  ["feed", 25],
  ["post", 5],
  ["like", 10],
];
/** Under the community's limit of 10 posts and replies a minute per member: a member posting more is refused by design. */
export const POSTS_PER_MEMBER = 8;
const TIMEOUT_MS = 30_000;

export interface Answer {
  status: number;
  body: string;
}

/** Keep-alive HTTP as a browser holds it: one connection per member at a time. */
export function createHttp(maxSockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  return {
    send(url: string, { method = "GET", cookie, body }: { method?: string; cookie: string; body?: object }): Promise<Answer> {
      const payload = body ? JSON.stringify(body) : undefined;
      const target = new URL(url);
      return new Promise((resolve, reject) => {
        const outgoing = request(
          url,
          {
            agent,
            method,
            timeout: TIMEOUT_MS,
            headers: { cookie, ...(payload ? { origin: target.origin, "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}) },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
            response.on("error", reject);
          },
        );
        outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
        outgoing.on("error", reject);
        outgoing.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

/** Latencies per action and every failure, as the members saw them. */
export class LoadStats {
  readonly latencies = new Map<Action, number[]>();
  readonly failures = new Map<string, number>();
  /** The slowest calls, with when they started: stalls that hit everyone at once show as one cluster. */
  readonly slowest: Array<{ action: Action; startedAt: number; milliseconds: number }> = [];

  record(action: Action, milliseconds: number, startedAt: number): void {
    const list = this.latencies.get(action) ?? [];
    list.push(milliseconds);
    this.latencies.set(action, list);
    this.slowest.push({ action, startedAt, milliseconds });
    if (this.slowest.length > 40) {
      this.slowest.sort((a, b) => b.milliseconds - a.milliseconds);
      this.slowest.length = 20;
    }
  }

  fail(action: Action, reason: string): void {
    const key = `${action}: ${reason}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }

  errors(): number {
    return [...this.failures.values()].reduce((sum, count) => sum + count, 0);
  }

  all(): number[] {
    return [...this.latencies.values()].flat();
  }
}

/** The value below which `share` of the sorted list falls (nearest rank). */
export function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** Picks an action by the mix's shares. */
export function pickAction(random: () => number): Action {
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [action, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return "feed";
}
