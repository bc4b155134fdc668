import { escapeHtml } from "../../mail/templates";

/** The plain page an unsubscribe link opens: what it does, and (on GET) the button that does it. */
export function unsubscribePage(title: string, text: string, form = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}</body></html>`;
}
