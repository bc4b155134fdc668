import { isIPv4, isIPv6 } from "node:net";

/** Header we set ourselves for better-auth; whatever a client sends under this name is overwritten. */
export const CLIENT_IP_HEADER = "x-community-client-ip";

/**
 * The client's address: from the header the configured proxy sets (its right-most entry, the one the
 * proxy itself appended), else the socket's peer. Headers are never trusted without TRUSTED_PROXY.
 */
export function resolveClientIp(
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string | undefined,
  trustedHeader: string | undefined,
): string {
  if (trustedHeader) {
    const raw = headers[trustedHeader.toLowerCase()];
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    const last = value?.split(",").pop()?.trim();
    if (last && (isIPv4(last) || isIPv6(last))) return last;
  }
  return socketAddress ?? "unknown";
}

/** The key an address is limited under: IPv4 as is, IPv6 by its /64 so one host cannot rotate through its block. */
export function rateLimitAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

function expandIPv6(ip: string): string[] {
  const [head = "", tail = ""] = ip.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = ip.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes("::") ? [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups] : headGroups;
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
}
