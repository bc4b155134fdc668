import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

export interface SafeFetchOptions {
  /** Allow loopback and private addresses (tests serve a local feed). */
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export class SafeFetchError extends Error {}

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24],
  ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128], ["::1", 128], ["64:ff9b::", 96], ["100::", 64], ["2001:db8::", 32], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8],
] as const) BLOCKED.addSubnet(network, prefix, "ipv6");

/** True for loopback, private, link-local, metadata, documentation and multicast addresses, IPv4-mapped ones included. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return BLOCKED.check(mapped[1], "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * GETs an http(s) URL for the server's own use (feeds): the address actually connected to is checked
 * after DNS resolution and again after every redirect, the time and the size are capped.
 */
export async function safeFetchText(rawUrl: string, options: SafeFetchOptions): Promise<string> {
  let url = new URL(rawUrl);
  for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
    const response = await requestOnce(url, options);
    if (response.redirect) {
      url = new URL(response.redirect, url);
      continue;
    }
    return response.body;
  }
  throw new SafeFetchError("too many redirects");
}

/** A DNS lookup that refuses private addresses: the address connected to is the one checked. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.find((entry) => !allowPrivate && isPrivateAddress(entry.address));
      if (refused || addresses.length === 0) return callback(new SafeFetchError(`refused address for ${hostname}`), "", 0);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

function requestOnce(url: URL, options: SafeFetchOptions): Promise<{ redirect?: string; body: string }> {
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new SafeFetchError(`refused scheme ${url.protocol}`));
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !options.allowPrivate && isPrivateAddress(literal)) return Promise.reject(new SafeFetchError("refused private address"));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { lookup: guardedLookup(options.allowPrivate), timeout: options.timeoutMs, headers: { accept: "application/rss+xml, application/xml, text/xml;q=0.9, */*;q=0.1", "user-agent": "InventorsCommunity-NewsFetcher/1.0" } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ redirect: response.headers.location, body: "" });
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return reject(new SafeFetchError(`feed answered ${status}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy(new SafeFetchError(`feed larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    const deadline = setTimeout(() => request.destroy(new SafeFetchError("feed timed out")), options.timeoutMs);
    request.on("close", () => clearTimeout(deadline));
    request.on("timeout", () => request.destroy(new SafeFetchError("feed timed out")));
    request.on("error", reject);
  });
}
