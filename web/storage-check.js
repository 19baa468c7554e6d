// Whether the browser lets this page store anything, and where it does not, an in-memory
// IndexedDB so that Python starts all the same. A classic script, the first in <head>:
// PyScript opens an IndexedDB database as soon as its module runs.
//
// Storage is denied in a frame of another site (an embed on a teaching page) where
// third-party cookies and site data are blocked (Chromium's setting, the default of some
// browsers and of private windows): reading localStorage throws there, and IndexedDB,
// Cache Storage and service workers are refused alike. This sets
// `globalThis.waddleStorageDenied`; then web/register-sw.js registers no worker and
// web/start-python.mjs starts Python from the network (or the HTTP cache) with no
// snapshot to read or make; the embedded view stores nothing anyway (docs/embedding.md,
// "Where storage is blocked"). The full app opened there works too, its saves lasting
// until the tab closes (web/dom.py says so).
//
// Why the stand-in: PyScript opens two IndexedDB databases at every start (one for its
// `pyscript.fs` mounts, as its module runs, and its package cache, "Loading Storage") and
// cannot start without them: where opening fails, its error handler dispatches the
// failure again while it is being dispatched, which reaches the page as "InvalidStateError:
// The event is already being dispatched", and the start fails. The app keeps nothing of
// its own in IndexedDB, and PyScript keeps nothing there for an app without packages, so
// databases that last as long as the page are all it needs.
//
// The stand-in implements the part of IndexedDB a key-value store uses: open (with an
// upgrade on first open), object stores created in the upgrade, transactions on them, and
// the requests get, getKey, getAll, getAllKeys, count, put, add, delete and clear, each
// answered in a later task (after the caller has set its handlers). Keys are ordered as
// IndexedDB orders numbers and strings; values are kept as given (no structured clone:
// PyScript stores strings).
(() => {
  "use strict";

  const denied = (() => {
    try {
      return !globalThis.localStorage || !globalThis.indexedDB;
    } catch {
      return true;
    }
  })();
  globalThis.waddleStorageDenied = denied;
  if (!denied) return;

  const later = (then) => setTimeout(then, 0);

  // A request: the handlers the caller sets after the call are run once it is answered.
  class Request {
    constructor(transaction = null) {
      this.transaction = transaction;
      this.result = undefined;
      this.error = null;
      this.readyState = "pending";
      this.onsuccess = null;
      this.onerror = null;
    }

    answer(compute) {
      later(() => {
        this.readyState = "done";
        try {
          this.result = compute();
        } catch (error) {
          this.error = error;
          this.onerror?.({ type: "error", target: this });
          return;
        }
        this.onsuccess?.({ type: "success", target: this });
        this.transaction?.settle();
      });
      this.transaction?.begin();
      return this;
    }
  }

  const compare = (a, b) => {
    const rank = (key) => (typeof key === "number" ? 0 : 1);
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    return a < b ? -1 : a > b ? 1 : 0;
  };

  class ObjectStore {
    constructor(name, entries, transaction) {
      this.name = name;
      this.entries = entries; // Map key -> value, shared by every transaction
      this.transaction = transaction;
    }

    request(compute) {
      return new Request(this.transaction).answer(compute);
    }

    sortedKeys() {
      return [...this.entries.keys()].sort(compare);
    }

    get(key) {
      return this.request(() => this.entries.get(key));
    }

    getKey(key) {
      return this.request(() => (this.entries.has(key) ? key : undefined));
    }

    getAll() {
      return this.request(() => this.sortedKeys().map((key) => this.entries.get(key)));
    }

    getAllKeys() {
      return this.request(() => this.sortedKeys());
    }

    count() {
      return this.request(() => this.entries.size);
    }

    put(value, key) {
      return this.request(() => {
        this.entries.set(key, value);
        return key;
      });
    }

    add(value, key) {
      return this.request(() => {
        if (this.entries.has(key)) throw new DOMException("Key already exists", "ConstraintError");
        this.entries.set(key, value);
        return key;
      });
    }

    delete(key) {
      return this.request(() => void this.entries.delete(key));
    }

    clear() {
      return this.request(() => void this.entries.clear());
    }
  }

  // A transaction completes once its last request is answered (or at once if it has none).
  class Transaction {
    constructor(database, mode) {
      this.db = database;
      this.mode = mode;
      this.pending = 0;
      this.done = false;
      this.oncomplete = null;
      this.onerror = null;
      this.onabort = null;
      later(() => this.finishIfIdle());
    }

    objectStore(name) {
      const entries = this.db.stores.get(name);
      if (!entries) throw new DOMException(`No object store ${name}`, "NotFoundError");
      return new ObjectStore(name, entries, this);
    }

    begin() {
      this.pending += 1;
    }

    settle() {
      this.pending -= 1;
      this.finishIfIdle();
    }

    finishIfIdle() {
      if (this.pending > 0 || this.done) return;
      this.done = true;
      later(() => this.oncomplete?.({ type: "complete", target: this }));
    }
  }

  class Database {
    constructor(name, stores) {
      this.name = name;
      this.stores = stores; // Map store name -> Map of entries
      this.version = 1;
    }

    get objectStoreNames() {
      const names = [...this.stores.keys()].sort();
      return Object.assign(names, { contains: (name) => this.stores.has(name) });
    }

    createObjectStore(name) {
      if (this.stores.has(name)) throw new DOMException(`${name} exists`, "ConstraintError");
      this.stores.set(name, new Map());
      return new ObjectStore(name, this.stores.get(name), null);
    }

    transaction(names, mode = "readonly") {
      for (const name of [names].flat()) {
        if (!this.stores.has(name)) throw new DOMException(`No object store ${name}`, "NotFoundError");
      }
      return new Transaction(this, mode);
    }

    close() {}
  }

  class Factory {
    constructor() {
      this.kept = new Map(); // database name -> Map of stores, for this page's life
    }

    open(name) {
      const request = new Request();
      request.onupgradeneeded = null;
      const known = this.kept.get(name);
      const stores = known ?? new Map();
      this.kept.set(name, stores);
      const database = new Database(String(name), stores);
      later(() => {
        request.readyState = "done";
        request.result = database;
        if (!known) {
          const upgrade = new Transaction(database, "versionchange");
          request.transaction = upgrade;
          request.onupgradeneeded?.({ type: "upgradeneeded", target: request, oldVersion: 0 });
          request.transaction = null;
        }
        later(() => request.onsuccess?.({ type: "success", target: request }));
      });
      return request;
    }
  }

  Object.defineProperty(globalThis, "indexedDB", {
    value: new Factory(),
    configurable: true,
    enumerable: true,
    writable: false,
  });
})();
