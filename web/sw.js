// Waddle's service worker: after one online visit the app starts and plays offline, and
// every file of that first visit crosses the network once.
//
// A TEMPLATE: scripts/build_web.py writes dist/sw.js from it (at the site root, so its
// scope covers the whole app), filling in the two {{…}} values:
//   CACHE_VERSION  a hash of this template and every precached file's path and content:
//                  any change to the build gives a new version, hence new sw.js bytes,
//                  hence an update;
//   PRECACHE       every file of the publish folder but sw.js and build-info.json, as
//                  paths relative to this script. The build publishes only what the app
//                  can load, so this is that list: the page, its assets and icons, the
//                  app zip; Pyodide's five files, its lock file included (read at every
//                  start, packages or not); of PyScript, what core.js imports, the small
//                  editor, game and terminal plugin chunks included (PyScript imports
//                  them at every start), but not the CodeMirror and xterm they would load
//                  for an editor or terminal the page does not have (see PYSCRIPT_* in
//                  scripts/build_web.py).
//
// First visit: web/register-sw.js registers this worker once the app is ready. With no
// worker active yet, install caches nothing (there is no app to keep running): the
// worker takes control at once. The runtime files the page fetched before,
// web/start-python.mjs kept and now hands over into the cache HANDOFF; the page then asks
// for the rest ("fill", below): the runtime from HANDOFF (then deleted), what else
// loaded before the worker took over (the page, its css and scripts: revalidated, so a
// 304 from the HTTP cache) and what the start-up never asked for (icons, manifest), then
// answers, and the page sets <html data-offline="ready">.
//
// Update flow: the browser re-fetches sw.js (served no-cache) on every navigation; new
// bytes install a new worker, which, since an older one is active, fills the cache
// `waddle-<new version>` before it takes over (files under versioned or content-hashed
// names are copied from the old cache, not downloaded again), then takes over at once
// (skipWaiting + clients.claim) and deletes every other `waddle-*` cache. An open page
// keeps running the version it started with; the next load runs the new one.
//
// No inline code anywhere: the page's CSP forbids it.
"use strict";

const VERSION = "{{CACHE_VERSION}}";
const PRECACHE = {{PRECACHE}};

const PREFIX = "waddle-";
const CACHE = PREFIX + VERSION;
// Where web/start-python.mjs leaves the runtime files a first visit fetched before this
// worker took over: read like an older version's cache, deleted once the fill is done.
const HANDOFF = PREFIX + "handoff";
// Paths whose content never changes under the same name: the versioned vendor folders
// and the content-named app zip. An update copies them from the old cache.
const IMMUTABLE = /^(?:vendor\/[a-z]+-\d[^/]*\/|app-[0-9a-f]+\.zip$)/;

const BASE = new URL("./", self.location.href);
const INDEX = new URL("index.html", BASE).href;
const MATCH = { ignoreVary: true };
// The URL of every precached file: what passes through is kept only if listed here.
const LISTED = new Set(PRECACHE.map((path) => new URL(path, BASE).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // An update fills its cache before it replaces the active worker. A first install
      // fills it as the page loads (see above): a page is waiting for it to start.
      if (self.registration.active) await precache();
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(PREFIX) && name !== CACHE && name !== HANDOFF)
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
  if (request.mode === "navigate" && isPage(url)) {
    event.respondWith(cacheFirst(event, INDEX));
  } else {
    event.respondWith(cacheFirst(event, request.url));
  }
});

// Fill the cache with what the first visit has not passed through the worker; answers
// on the message's port, {ok: true} once every listed file is cached.
self.addEventListener("message", (event) => {
  if (event.data?.type !== "fill") return;
  const port = event.ports[0];
  event.waitUntil(
    fill(event.source?.url).then(
      () => port?.postMessage({ ok: true }),
      (error) => port?.postMessage({ ok: false, error: String(error) }),
    ),
  );
});

// An address of the page: index.html, or the folder, with any query or hash.
function isPage(url) {
  const path = url.pathname.slice(BASE.pathname.length);
  return (
    url.origin === BASE.origin &&
    url.pathname.startsWith(BASE.pathname) &&
    (path === "" || path === "index.html")
  );
}

// From this version's cache; else from the network, keeping a copy of a listed file
// (the first visit's start-up: every file crosses the network once).
async function cacheFirst(event, key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key, MATCH);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (LISTED.has(key) && keepable(event.request, response)) {
    // A copy that fails (storage full, page gone mid-download) is left to fill().
    const copy = unredirected(response.clone()).then((kept) => cache.put(key, kept));
    event.waitUntil(copy.catch((error) => console.warn(`Waddle: not cached: ${key}:`, error)));
  }
  return response;
}

// Only a whole, plain, successful answer stands for the file (no 206 of a Range request,
// no error page).
function keepable(request, response) {
  return response.status === 200 && response.type === "basic" && !request.headers.has("range");
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

// One fill at a time (two tabs asking at once download nothing twice). pageURL: the
// address the asking page was loaded from, which holds index.html in the HTTP cache
// (usually "./", not "./index.html": another URL, so another cache entry).
let filling = null;

function fill(pageURL) {
  filling ??= (async () => {
    const cache = await caches.open(CACHE);
    const cached = new Set((await cache.keys()).map((request) => request.url));
    const missing = PRECACHE.filter((path) => !cached.has(new URL(path, BASE).href));
    await Promise.all(
      missing.map((path) => store(cache, path, path === "index.html" ? pageURL : undefined)),
    );
    await caches.delete(HANDOFF);
  })().finally(() => {
    filling = null;
  });
  return filling;
}

// Put path's file in cache: copied from an older version's cache if immutable, else
// fetched (from `from` if given: another URL serving the same file).
async function store(cache, path, from = undefined) {
  const url = new URL(path, BASE).href;
  if (IMMUTABLE.test(path)) {
    const kept = await fromOlderCaches(url);
    if (kept) return cache.put(url, kept);
  }
  // Revalidate what may have changed; immutable files may come from the HTTP cache.
  const source = from && isPage(new URL(from)) ? from : url;
  const response = await fetch(source, { cache: IMMUTABLE.test(path) ? "default" : "no-cache" });
  if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
  return cache.put(url, await unredirected(response));
}

async function fromOlderCaches(url) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
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
