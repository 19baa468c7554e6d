// Offline support. A classic script in <head> (the CSP forbids inline scripts). PyScript
// starts from its own <script type="module"> without waiting for anything here.
//
// - A first visit registers ./sw.js (dist/sw.js, made from web/sw.js) only once the app is
//   ready (<html data-app="ready">): starting a worker while Python starts would compete
//   with it. The runtime files the page fetched meanwhile, web/start-python.mjs kept:
//   they are handed over (the cache "waddle-handoff"), so every file still crosses the
//   network once.
// - A returning visit is controlled by the worker from the start; the browser checks for
//   a new sw.js by itself.
//
// Then the worker in control is asked to cache whatever it does not hold yet; when it
// says every file is cached, this script sets <html data-offline="ready">: from then on
// the app starts without a network. No service workers (file:// pages, private modes that
// refuse them, a frame of another site where storage is blocked): the app works, just not
// offline. Failures are warnings, never errors.
(() => {
  "use strict";
  const root = document.documentElement;
  if (!("serviceWorker" in navigator)) return;
  // Storage denied (web/storage-check.js): a worker would be refused, and it could keep nothing.
  if (globalThis.waddleStorageDenied) return;
  const container = navigator.serviceWorker;
  // A returning visit: web/start-python.mjs then neither counts nor keeps the runtime.
  globalThis.waddleReturning = Boolean(container.controller);

  const whenReady = (then) => {
    if (root.dataset.app === "ready") return then();
    const watch = new MutationObserver(() => {
      if (root.dataset.app !== "ready") return;
      watch.disconnect();
      then();
    });
    watch.observe(root, { attributes: true, attributeFilter: ["data-app"] });
  };

  // Ask the worker in control to cache the rest; data-offline="ready" once it has.
  const fill = () => {
    const worker = container.controller;
    if (!worker) {
      // The worker is still installing: it takes over when it is done.
      container.addEventListener("controllerchange", fill, { once: true });
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      if (data?.ok) root.dataset.offline = "ready";
      else console.warn("Waddle: offline copy incomplete:", data?.error);
    };
    worker.postMessage({ type: "fill" }, [channel.port2]);
  };

  if (container.controller) return whenReady(fill);
  whenReady(async () => {
    let registered = false;
    try {
      registered = Boolean(await container.register("./sw.js"));
    } catch (error) {
      console.warn("Waddle: no offline support:", error);
    }
    await globalThis.waddleHandOver?.(registered && navigator.onLine);
    if (registered) fill();
  });
})();
