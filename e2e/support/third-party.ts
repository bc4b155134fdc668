import type { BrowserContext, Page } from "@playwright/test";

/** Video and map embeds the pages may load; tests answer them locally instead of reaching the internet. */
const THIRD_PARTY_EMBEDS = /^https:\/\/(www\.youtube-nocookie\.com|maps\.google\.com|www\.google\.com\/maps)\//;

/** Answers embed requests with an empty page, and remembers which were made. */
export async function stubThirdPartyEmbeds(target: Page | BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await target.route(THIRD_PARTY_EMBEDS, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>embed</title>" });
  });
  return requested;
}
