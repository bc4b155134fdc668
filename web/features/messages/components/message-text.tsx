import type { ReactNode } from "react";

// An address runs to the next space; the punctuation a sentence puts after it is not part of it.
const LINK = /https?:\/\/[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The message as text (React escapes it: never markup), its http(s) addresses as links that open apart and pass no credit. */
export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let rest = 0;
  for (const match of text.matchAll(LINK)) {
    const address = match[0].replace(TRAILING_PUNCTUATION, "");
    if (!isWebAddress(address)) continue;
    parts.push(text.slice(rest, match.index));
    parts.push(
      <a key={match.index} href={address} target="_blank" rel="noopener nofollow ugc" className="font-medium underline underline-offset-2">
        {address}
      </a>,
    );
    rest = match.index + address.length;
  }
  parts.push(text.slice(rest));
  return <p className="text-sm whitespace-pre-wrap wrap-anywhere">{parts}</p>;
}
