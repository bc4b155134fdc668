import { startNewsFeedServer } from "./support/news-feed";

/** Starts the local RSS feed the app's news page reads; the returned function stops it after the run. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const feed = await startNewsFeedServer();
  return () => new Promise<void>((resolve) => feed.close(() => resolve()));
}
