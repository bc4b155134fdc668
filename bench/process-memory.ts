import { readFileSync } from "node:fs";

/** Resident memory of a process in MB (Linux /proc), 0 when it is gone. */
export function residentMegabytes(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** The highest resident memory of `pid` seen (every 100 ms) while `work` runs, beside its result. */
export async function peakResidentDuring<T>(pid: number | undefined, work: Promise<T>): Promise<{ result: T; peakMegabytes: number }> {
  let peakMegabytes = residentMegabytes(pid);
  const timer = setInterval(() => {
    peakMegabytes = Math.max(peakMegabytes, residentMegabytes(pid));
  }, 100);
  try {
    const result = await work;
    return { result, peakMegabytes: Math.max(peakMegabytes, residentMegabytes(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * CPU time `pid` has used so far in ms, all its threads (the garbage collector's, and with PGlite the
 * database's work); Linux reports it in ticks of 10 ms.
 */
export function cpuMilliseconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // The fields after the command name, which may itself hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
