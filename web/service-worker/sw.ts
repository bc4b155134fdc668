/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst, NetworkOnly } from "workbox-strategies";
import { OFFLINE_PAGE, PUBLIC_PAGES_CACHE, isPrivateArea } from "../features/app-install/offline-rules";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell: every script, style and icon of this build, and the offline page.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const offline = async () => (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();

// Public pages: the network first (they change, and they arrive rendered for the visitor), the copy
// kept from the last visit when offline, else the offline page.
const publicPages = new NetworkFirst({ cacheName: PUBLIC_PAGES_CACHE, networkTimeoutSeconds: 4 });
// The members' and admin areas hold members' data: never kept on the device, the offline page instead.
const privatePages = new NetworkOnly();

registerRoute(
  new NavigationRoute(async (options) => {
    const strategy = isPrivateArea(options.url.pathname) ? privatePages : publicPages;
    try {
      return await strategy.handle(options);
    } catch {
      return offline();
    }
  }),
);

/** Keeps the public pages open in windows the worker did not load, so a first visit works offline too. */
async function keepOpenPublicPages(): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const cache = await caches.open(PUBLIC_PAGES_CACHE);
  await Promise.all(
    windows.map(async ({ url }) => {
      const { origin, pathname } = new URL(url);
      if (origin !== self.location.origin || isPrivateArea(pathname)) return;
      const response = await fetch(url).catch(() => null);
      // A redirected answer cannot stand in for a navigation.
      if (response?.ok && !response.redirected) await cache.put(url, response);
    }),
  );
}

// Activation happens at a first visit, once no page of the older version is open, or when the member
// chose "Reload" (which reloads the open pages): no page is left on another version, so the worker
// takes the open pages at once.
self.addEventListener("activate", (event) => {
  event.waitUntil(Promise.all([self.clients.claim(), keepOpenPublicPages()]));
});

// A new version waits until the member agrees (the page's "Reload"), so nothing changes mid-task.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

/** What the server pushes (server/features/notifications/push-sender.ts). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

self.addEventListener("push", (event) => {
  const payload = event.data?.json() as PushPayload | undefined;
  if (!payload) return;
  event.waitUntil(self.registration.showNotification(payload.title, { body: payload.body, tag: payload.tag, icon: "/icons/icon-192.png", badge: "/icons/icon-192.png", data: { url: payload.url } }));
});

// Opening a push brings an open tab of the app to its place, or opens one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? "/members/notifications", self.location.origin).href;
  event.waitUntil(
    (async () => {
      // Only a tab this worker controls can be navigated; any other opening gets a window of its own.
      const windows = await self.clients.matchAll({ type: "window" });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      const navigated = open ? await open.navigate(url).catch(() => null) : null;
      if (navigated) {
        await navigated.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
