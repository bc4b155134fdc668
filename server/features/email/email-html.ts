import sanitizeHtml from "sanitize-html";

/** What an admin's HTML may keep on its way into a mail: formatting, links and images, no scripts, styles or handlers. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "span"],
  allowedAttributes: { a: ["href", "title", "target"], img: ["src", "alt", "width", "height"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https", "http"] },
};

/** Sanitizes an admin's HTML body (templates, single and bulk mail) with a maintained library. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** A plain-text rendering for the text part of the mail. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<\s*br\s*\/?>/gi, "\n").replace(/<\/(p|div|h[1-6]|li|tr)>/gi, "\n");
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\n{3,}/g, "\n\n").trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#(\d+));/g, (entity, name: string, code?: string) => {
    if (code) return String.fromCharCode(Number(code));
    return ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" } as Record<string, string>)[name] ?? entity;
  });
}
