import http from "node:http";

export interface StreamEvent {
  event: string;
  id: string | null;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  events: StreamEvent[];
  /** Resolves with the first event (already received or still to come) that `matches`, after those already taken. */
  next(matches: (event: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a Server-Sent Events stream over real HTTP, as a browser's EventSource does, and parses its events. */
export function openEventStream(url: string, headers: Record<string, string>): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      const events: StreamEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = "";
      let taken = 0;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map(block.split("\n").filter((line) => line && !line.startsWith(":")).map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()] as const));
          if (fields.has("event")) events.push({ event: fields.get("event") ?? "", id: fields.get("id") ?? null, data: JSON.parse(fields.get("data") ?? "null") });
          end = buffer.indexOf("\n\n");
        }
        for (const wake of waiters) wake();
      });
      const ended = new Promise<void>((done) => response.once("close", () => done()));
      resolve({
        status: response.statusCode ?? 0,
        events,
        ended,
        next(matches, ms = 20_000) {
          return new Promise((found, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events.slice(taken))}`));
            }, ms);
            function check() {
              const index = events.findIndex((event, position) => position >= taken && matches(event));
              if (index < 0) return;
              taken = index + 1;
              clearTimeout(timer);
              waiters.delete(check);
              found(events[index] as StreamEvent);
            }
            waiters.add(check);
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}
