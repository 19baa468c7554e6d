// How Python starts: PyScript's `interpreter` (pyscript.toml) is this module, not
// pyodide.mjs itself. PyScript imports it and calls its loadPyodide(options) as it would
// Pyodide's; this one adds four things around Pyodide's own:
//
// 1. A returning visit starts from a memory snapshot. After a start without one (the
//    first visit, the first after an update), once the app is ready and kept for
//    offline use, a worker (web/make-snapshot.mjs) starts a second interpreter, imports
//    the standard-library modules the app uses (PRELOAD, listed by scripts/build_web.py
//    from the app's imports) and the app's own modules this page imported (web/main.py
//    lists them in its waddle:ready mark), and keeps its memory (about 31 MB, gzipped to
//    about 3 MB) in Cache Storage. The next start hands it to Pyodide (`_loadSnapshot`),
//    which skips Python's start-up and those imports. A page that imports modules its
//    snapshot lacks (a game played for the first time) has a new one made with them all.
//    A snapshot that fails to load is deleted and Python starts as usual. (Pyodide marks
//    these options as its own, not a public API: Pyodide is pinned, and
//    tests/e2e/test_start_up.py starts the app both ways.)
//
// 2. A first visit downloads each file once without waiting for the service worker, which
//    web/register-sw.js registers only once the app is ready (so that starting it never
//    competes with Python's start). The worker does not see the runtime pass, so this
//    module keeps a copy of each runtime file the page fetches, and once the worker is
//    registered hands them over into the cache HANDOFF, where the worker's fill takes
//    them from (web/sw.js) instead of downloading them again (a new browser context's
//    in-memory HTTP cache does not keep the 9.6 MB wasm: the HTTP cache alone would not
//    do). Before, PyScript waited for the worker to control the page: ~600 ms.
//
// 3. Honest progress: the same copies count the bytes as they arrive and say so with
//    `waddle:download` events ({loaded, total}, total being the runtime's size from the
//    build), which web/loading.js turns into the progress bar.
//
// 4. The app zip (the waddle package and web/*.py) downloads and is inflated beside
//    Pyodide's own start, not after it (as pyscript.toml's [files] would): only writing
//    its files into Python's working directory is left for after. (Imported from the zip
//    as it is, zipimport, the app's imports took ~120 ms longer.)
//
// A TEMPLATE: scripts/build_web.py fills in the {{…}} values and writes dist/web/.
import { loadPyodide as load, version } from "../vendor/pyodide-{{PYODIDE_VERSION}}/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide-{{PYODIDE_VERSION}}/", import.meta.url).href;
const PRELOAD = {{PRELOAD}};
const RUNTIME_BYTES = {{RUNTIME_BYTES}};
// Runtime files: the versioned vendor folders and the content-named app zip (as in sw.js).
const RUNTIME = /\/(?:vendor\/[a-z]+-\d[^/]*\/[^/]+|app-[0-9a-f]+\.zip)$/;
const HANDOFF = "waddle-handoff";
const SNAPSHOTS = "pyodide-snapshots"; // not "waddle-…": a new build's worker keeps it
// Pyodide's version, the list of standard modules and the app's build: a snapshot holds
// the app's modules too, so a new build needs a new one.
const APP_ZIP = new URL("../{{APP_ZIP}}", import.meta.url).href;
const SNAPSHOT_KEY = new URL(
  `./snapshot-${version}-{{PRELOAD_HASH}}-{{APP_ZIP}}.gz`,
  INDEX_URL,
).href;
const MODULES_HEADER = "X-Waddle-Modules"; // the app's modules a snapshot holds (JSON)

const root = document.documentElement;
// Python's start has begun: web/loading.js no longer preloads what it is about to fetch.
globalThis.waddlePythonStarting = true;

// Where the browser denies this page storage (web/storage-check.js: a frame of another
// site with third-party storage blocked), Python starts all the same: from the network or
// the HTTP cache, with no snapshot to read or make and nothing kept for a service worker.
const STORAGE_DENIED = Boolean(globalThis.waddleStorageDenied);

export async function loadPyodide(options) {
  const config = { ...options, indexURL: INDEX_URL };
  const snapshot = await findSnapshot();
  const watched = watchDownloads();
  // The app zip downloads beside Pyodide's own files, not after them.
  const app = fetchApp();
  app.catch(() => undefined); // awaited below; a failure is reported there, not twice
  try {
    let pyodide = null;
    if (snapshot) {
      try {
        // The snapshot is read and unpacked while Pyodide fetches and compiles. Pyodide
        // awaits it only later: handled now, so that a damaged one is not reported as an
        // unhandled rejection (web/loading.js would take that for a failed start-up).
        const bytes = unpack(snapshot.response);
        bytes.catch(() => undefined);
        pyodide = await load({ ...config, _loadSnapshot: bytes });
        performance.mark("waddle:python-from-snapshot");
      } catch (error) {
        console.warn("Waddle: the saved Python state could not be used:", error);
        await forgetSnapshots();
      }
    }
    const fromSnapshot = pyodide !== null;
    pyodide ??= await load(config);
    mountApp(pyodide, await app);
    whenOffline(() => makeSnapshot(fromSnapshot ? snapshot.modules : null));
    return pyodide;
  } finally {
    watched.stop();
  }
}

// ---- the app zip ------------------------------------------------------------------

// The app zip's files, read while Pyodide downloads and compiles: {buffer, files}, files
// being [[path, bytes]], or null where this browser cannot inflate (then Pyodide
// unpacks the buffer).
async function fetchApp() {
  const response = await fetch(APP_ZIP);
  if (!response.ok) throw new Error(`${APP_ZIP}: HTTP ${response.status}`);
  const buffer = await response.arrayBuffer();
  return { buffer, files: await readZip(buffer) };
}

// Into Python's working directory (on sys.path as ""), where pyscript.toml's [files]
// would have unpacked it. Only writing is left for after Pyodide's start (a few ms): the
// inflating was done while it started.
function mountApp(pyodide, { buffer, files }) {
  if (!files) return void pyodide.unpackArchive(buffer, "zip");
  const { FS } = pyodide;
  const made = new Set();
  for (const [path, bytes] of files) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (folder && !made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(path, bytes);
  }
}

// The entries of a zip as the build writes it (scripts/build_web.py: stored or deflated,
// no zip64, no comment), or null without DecompressionStream("deflate-raw").
async function readZip(buffer) {
  if (!globalThis.DecompressionStream) return null;
  const view = new DataView(buffer);
  const end = buffer.byteLength - 22; // the end of central directory record
  if (end < 0 || view.getUint32(end, true) !== 0x06054b50) throw new Error("app zip: no directory");
  const count = view.getUint16(end + 10, true);
  const names = new TextDecoder();
  const reads = [];
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("app zip: bad directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const header = view.getUint32(at + 42, true);
    const path = names.decode(new Uint8Array(buffer, at + 46, nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (path.endsWith("/")) continue;
    const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
    const data = new Uint8Array(buffer, start, size);
    if (method === 0) reads.push([path, data]);
    else if (method === 8) reads.push(inflate(data).then((bytes) => [path, bytes]));
    else throw new Error(`app zip: ${path}: compression ${method}`);
  }
  try {
    return await Promise.all(reads);
  } catch {
    return null; // "deflate-raw" unknown to this browser: Pyodide unpacks it
  }
}

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// ---- snapshots --------------------------------------------------------------------

// The stored snapshot and the app's modules it holds, or null.
async function findSnapshot() {
  try {
    if (STORAGE_DENIED || !globalThis.caches || !globalThis.DecompressionStream) return null;
    const response = await (await caches.open(SNAPSHOTS)).match(SNAPSHOT_KEY);
    if (!response) return null;
    const modules = JSON.parse(response.headers.get(MODULES_HEADER) ?? "[]");
    return { response, modules: Array.isArray(modules) ? modules : [] };
  } catch (error) {
    console.warn("Waddle: no saved Python state:", error);
    return null;
  }
}

async function unpack(response) {
  const plain = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

// Made once the app is ready, by a worker (web/make-snapshot.mjs: the page's own
// interpreter cannot be snapshotted), so that it never slows the start-up: when there is
// none (held: null), or when this page imported app modules the one it started from
// lacks. It holds every module of both lists.
function makeSnapshot(held) {
  if (STORAGE_DENIED || !globalThis.caches || !globalThis.CompressionStream) return;
  if (!globalThis.Worker) return;
  const imported = performance.getEntriesByName("waddle:ready")[0]?.detail?.imported ?? [];
  const known = new Set(held ?? []);
  if (held !== null && imported.every((name) => known.has(name))) return;
  const modules = [...new Set([...known, ...imported])].sort();
  try {
    const worker = new Worker(new URL("./make-snapshot.mjs", import.meta.url), { type: "module" });
    worker.addEventListener("message", ({ data }) => {
      if (data?.ok) performance.mark("waddle:snapshot-kept", { detail: data });
      else console.warn("Waddle: the Python state was not saved:", data?.error);
      worker.terminate();
    });
    worker.postMessage({
      pyodide: new URL("pyodide.mjs", INDEX_URL).href,
      preload: PRELOAD,
      app: APP_ZIP,
      modules,
      key: SNAPSHOT_KEY,
      header: MODULES_HEADER,
      cache: SNAPSHOTS,
    });
  } catch (error) {
    console.warn("Waddle: the Python state was not saved:", error);
  }
}

async function forgetSnapshots() {
  try {
    await caches.delete(SNAPSHOTS);
  } catch {
    // nothing to forget
  }
}

// Snapshots are kept where the app is kept: once the service worker has cached it for
// offline use (<html data-offline="ready">, web/register-sw.js), not for a one-off visit
// where it cannot (a private mode that refuses workers). And not at once: a second
// interpreter is a second of work on another thread, not for the page's first moments.
function whenOffline(then) {
  const idle = () =>
    globalThis.requestIdleCallback
      ? requestIdleCallback(then, { timeout: 5000 })
      : setTimeout(then, 1000);
  if (root.dataset.offline === "ready") return void idle();
  const watch = new MutationObserver(() => {
    if (root.dataset.offline !== "ready") return;
    watch.disconnect();
    idle();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-offline"] });
}

// ---- first visit: count the runtime's bytes, keep them for the service worker -------

function watchDownloads() {
  // Not on a returning visit: the worker had the page from its start (web/register-sw.js
  // noted it) and answers from its cache.
  if (globalThis.waddleReturning) return { stop() {} };
  const pageFetch = globalThis.fetch;
  // Kept only where a worker may take them (else only counted: file://, old browsers).
  const keep = Boolean(!STORAGE_DENIED && globalThis.caches && globalThis.navigator?.serviceWorker);
  const kept = []; // {url, headers, chunks}: the runtime files as they arrived
  const reading = [];
  let loaded = 0;
  const report = () =>
    dispatchEvent(new CustomEvent("waddle:download", { detail: { loaded, total: RUNTIME_BYTES } }));
  // The copy of a response, read beside the page's own reading of it (a clone): its bytes
  // are counted as they come, and kept.
  const read = async (url, response) => {
    const file = { url, headers: response.headers, chunks: [] };
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (keep) file.chunks.push(value);
      loaded += value.byteLength;
      report();
    }
    if (keep) kept.push(file);
  };
  globalThis.fetch = async function (input, init) {
    const response = await pageFetch.call(this, input, init);
    const url = new URL(response.url || String(input?.url ?? input), location.href);
    const method = (init?.method ?? input?.method ?? "GET").toUpperCase();
    if (
      method === "GET" &&
      url.origin === location.origin &&
      RUNTIME.test(url.pathname) &&
      response.status === 200 &&
      response.body
    ) {
      reading.push(read(url.href, response.clone()).catch(() => undefined));
    }
    return response;
  };
  // Called by web/register-sw.js once the app is ready and a worker is registered: the
  // kept files go into the handoff cache, where the worker's fill takes them from, then
  // are let go. Written after start-up, so that storing 13 MB never slows it down; a
  // page whose worker cannot register (a private mode) just lets them go.
  globalThis.waddleHandOver = async (worthIt) => {
    await Promise.all(reading);
    const files = kept.splice(0);
    if (!worthIt || !globalThis.caches) return;
    const cache = await caches.open(HANDOFF);
    for (const { url, headers, chunks } of files) {
      try {
        await cache.put(url, new Response(new Blob(chunks), { status: 200, headers }));
      } catch (error) {
        console.warn(`Waddle: ${url} not handed over:`, error);
      }
    }
  };
  return {
    stop() {
      globalThis.fetch = pageFetch;
    },
  };
}
