// Waddle's service worker: after one online visit the app starts and plays offline.
//
// A TEMPLATE: scripts/build_web.py writes dist/sw.js from it (at the site root, so its
// scope covers the whole app), filling in the two {{…}} values:
//   CACHE_VERSION  a hash of this template and every precached file's path and content:
//                  any change to the build gives a new version, hence new sw.js bytes,
//                  hence an update;
//   PRECACHE       every file of the publish folder but sw.js and build-info.json, as
//                  paths relative to this script (the shell, the app zip, icons, manifest
//                  and all vendored Pyodide/PyScript files).
//
// Update flow: the browser re-fetches sw.js (served no-cache) on every navigation; new
// bytes install a new worker, which fills the cache `waddle-<new version>` (files under
// versioned or content-hashed names are copied from the old cache, not downloaded
// again), then takes over at once (skipWaiting + clients.claim) and deletes every other
// `waddle-*` cache. An open page keeps running the version it started with; the next
// load runs the new one.
//
// Registered by web/register-sw.js once the app is ready (so it never competes with the
// first start-up). No inline code anywhere: the page's CSP forbids it.
"use strict";

const VERSION = "{{CACHE_VERSION}}";
const PRECACHE = {{PRECACHE}};

const PREFIX = "waddle-";
const CACHE = PREFIX + VERSION;
// Paths whose content never changes under the same name: the versioned vendor folders
// and the content-named app zip. An update copies them from the old cache.
const IMMUTABLE = /^(?:vendor\/[a-z]+-\d[^/]*\/|app-[0-9a-f]+\.zip$)/;

const BASE = new URL("./", self.location.href);
const INDEX = new URL("index.html", BASE).href;
const MATCH = { ignoreVary: true };

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return;
  // The page itself, whatever its query (?embed) or hash: the cached index.html.
  const path = url.pathname.slice(BASE.pathname.length);
  if (request.mode === "navigate" && (path === "" || path === "index.html")) {
    event.respondWith(cacheFirst(INDEX, request));
  } else {
    event.respondWith(cacheFirst(request, request));
  }
});

// From this version's cache; the network only for what it does not hold.
async function cacheFirst(key, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key, MATCH);
  return hit ?? fetch(request);
}

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(PRECACHE.map((path) => store(cache, path)));
  } catch (error) {
    // A failed install leaves the old version in charge: drop the partial cache.
    await caches.delete(CACHE);
    throw error;
  }
}

async function store(cache, path) {
  const url = new URL(path, BASE).href;
  if (IMMUTABLE.test(path)) {
    const kept = await fromOlderCaches(url);
    if (kept) return cache.put(url, kept);
  }
  // Revalidate what may have changed; immutable files may come from the HTTP cache.
  const response = await fetch(url, { cache: IMMUTABLE.test(path) ? "default" : "no-cache" });
  if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
  return cache.put(url, await unredirected(response));
}

async function fromOlderCaches(url) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue;
    const hit = await (await caches.open(name)).match(url, MATCH);
    if (hit) return hit;
  }
  return undefined;
}

// A redirected response cannot answer a navigation (a host may redirect /index.html to
// /): keep the body and headers, drop the redirect.
async function unredirected(response) {
  if (!response.redirected) return response;
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
