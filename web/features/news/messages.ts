/**
 * The news page's failure text. Word for word NEWS_MESSAGES.failed of common/contracts/marketing.ts
 * (spec 001 §8); repeated here because that module brings zod (~25 kB gzipped) into the page's
 * chunk. The browser test compares the page against the contract's constant.
 */
export const NEWS_FAILED_MESSAGE = "Failed to load news. Please try again later.";
