import pg from "pg";
import { cpuMilliseconds } from "./process-memory";

/**
 * CPU time so far of each PostgreSQL backend serving `databaseUrl`'s database (Linux /proc, the server
 * on this machine), by process id: the database's share of a server's work, which `cpuMilliseconds`
 * of the server's own process does not see.
 */
export async function backendCpuMilliseconds(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
    );
    return new Map(rows.map(({ pid }) => [pid, cpuMilliseconds(pid)]));
  } finally {
    await client.end();
  }
}

/** CPU the backends used between two readings (a backend that started in between counts from zero). */
export function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, milliseconds] of after) total += milliseconds - (before.get(pid) ?? 0);
  return total;
}
