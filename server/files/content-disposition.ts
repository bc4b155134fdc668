/**
 * Control and format characters (the latter include the bidirectional overrides that can disguise a
 * name, `gpj.exe` shown as `exe.jpg`) and path separators.
 */
const UNSAFE = /[\p{Cc}\p{Cf}/\\]/gu;
const MAX_NAME_LENGTH = 150;

/** A file name fit to show in a save dialog: no paths, no control or direction characters, no leading dots. */
export function safeFileName(name: string, fallback = "download"): string {
  const cleaned = name.normalize("NFC").replace(UNSAFE, "").replace(/^[.\s]+/, "").trim();
  // Cut by code point: a split surrogate pair would make the encoded form throw.
  return Array.from(cleaned || fallback).slice(0, MAX_NAME_LENGTH).join("");
}

/** RFC 5987 value characters: what encodeURIComponent leaves alone, minus the ones the grammar excludes. */
const encodeExtValue = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` or `inline` with an ASCII `filename` for old clients and the exact name as `filename*`
 * (RFC 6266), so neither quoting nor non-ASCII names can break out of the header.
 */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const fileName = safeFileName(name);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%;]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
