/** The bytes one `Range` header asks for, inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a single `bytes=a-b`, `bytes=a-` or `bytes=-n` range against a file of `size` bytes.
 * "ignore" means send the whole file: the header is absent, malformed or asks for several ranges
 * (RFC 9110 §14.2 lets a server ignore Range). "unsatisfiable" answers 416.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | "ignore" | "unsatisfiable" {
  if (!header) return "ignore";
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return "ignore";
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return "ignore";
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== "" && Number(last) < start)) return "unsatisfiable";
  return { start, end };
}
