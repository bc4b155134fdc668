import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The strongest encoding the client accepts among those we send. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}

/**
 * `body` compressed on libuv's threads. `effort` picks the settings: "once" for an answer built once and
 * sent many times (a rendered page), "often" for one rebuilt whenever its content changes (a members'
 * list), where brotli's highest qualities cost more than they save.
 */
export function encode(body: Buffer, encoding: Exclude<Encoding, "identity">, effort: "once" | "often"): Promise<Buffer> {
  if (encoding === "br") return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: effort === "once" ? 9 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  return gzipAsync(body, { level: effort === "once" ? 9 : 6 });
}

/** Keeps each encoding of one body, made on first use: concurrent requests share one compression. */
export function encodedVariants(body: Buffer, effort: "once" | "often"): (encoding: Exclude<Encoding, "identity">) => Promise<Buffer> {
  const variants = new Map<Encoding, Promise<Buffer>>();
  return (encoding) => {
    let variant = variants.get(encoding);
    if (!variant) {
      variant = encode(body, encoding, effort);
      variants.set(encoding, variant);
    }
    return variant;
  };
}
