import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The client's address (resolveClientIp under this server's proxy settings). */
    readonly clientIp: string;
  }
}

/** Header we set ourselves for better-auth; whatever a client sends under this name is overwritten. */
export const CLIENT_IP_HEADER = "x-community-client-ip";

/**
 * The client's address: from the header the configured proxy sets (its right-most entry, the one the
 * proxy itself appended), else the socket's peer. Headers are never trusted without TRUSTED_PROXY,
 * and with `proxies` only on connections from those addresses: an instance reachable directly would
 * otherwise let anyone choose their address per request and walk past every per-address limit.
 */
export function resolveClientIp(
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string | undefined,
  trustedHeader: string | undefined,
  proxies: BlockList | null = null,
): string {
  if (trustedHeader && (!proxies || fromProxy(proxies, socketAddress))) {
    const raw = headers[trustedHeader.toLowerCase()];
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    const last = value?.split(",").pop()?.trim();
    if (last && (isIPv4(last) || isIPv6(last))) return last;
  }
  return socketAddress ?? "unknown";
}

/** Parses TRUSTED_PROXY_ADDRESSES (addresses and CIDR ranges, comma-separated); null when unset. */
export function proxyAddresses(list: string | undefined): BlockList | null {
  if (!list) return null;
  const proxies = new BlockList();
  for (const entry of list.split(",").map((part) => part.trim()).filter(Boolean)) {
    const [address = "", prefix] = entry.split("/");
    const type = isIPv6(address) ? "ipv6" : "ipv4";
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(prefix), type);
  }
  return proxies;
}

/** True when `list` is a valid TRUSTED_PROXY_ADDRESSES value. */
export function isProxyAddressList(list: string): boolean {
  return list.split(",").every((part) => {
    const [address = "", prefix, extra] = part.trim().split("/");
    if (extra !== undefined || !(isIPv4(address) || isIPv6(address))) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d+$/.test(prefix) && bits <= (isIPv4(address) ? 32 : 128);
  });
}

function fromProxy(proxies: BlockList, socketAddress: string | undefined): boolean {
  if (!socketAddress) return false;
  const address = unmapIPv4(socketAddress);
  return proxies.check(address, isIPv6(address) ? "ipv6" : "ipv4");
}

function unmapIPv4(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

/** Gives every request its `clientIp`, under this server's proxy settings. */
export function registerClientIp(app: FastifyInstance, trustedHeader: string | undefined, proxies: BlockList | null): void {
  app.decorateRequest("clientIp", {
    getter() {
      return resolveClientIp(this.headers, this.socket.remoteAddress, trustedHeader, proxies);
    },
  });
}

/** The key an address is limited under: IPv4 as is, IPv6 by its /64 so one host cannot rotate through its block. */
export function rateLimitAddress(ip: string): string {
  const unmapped = unmapIPv4(ip);
  if (!isIPv6(unmapped)) return unmapped;
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
