// Offline support. A classic script in <head> (the CSP forbids inline scripts): it
// registers ./sw.js (dist/sw.js, made from web/sw.js) at once, beside PyScript, which
// starts from its own <script type="module"> without waiting for the worker.
//
// On a first visit the worker is not yet in control while the runtime downloads;
// web/start-python.mjs hands the runtime files to it instead (the cache "waddle-handoff"),
// so every file still crosses the network once. Once the app is ready (<html
// data-app="ready">) and those copies are written, the worker is asked to cache whatever
// the visit did not pass through it; when it says every file is cached, this script sets
// <html data-offline="ready">: from then on the app starts without a network.
//
// No service workers (file:// pages, private modes that refuse them): the app works, just
// not offline. Failures are warnings, never errors.
(() => {
  "use strict";
  const root = document.documentElement;
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  // A returning visit: the worker answers from its cache (web/start-python.mjs then
  // neither counts nor hands over the runtime's bytes).
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
  const fill = async () => {
    await globalThis.waddleHandoff; // the runtime copies of a first visit, if any
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

  if (!container.controller && !navigator.onLine) return;
  if (!container.controller) {
    // Whether a worker will take over (web/start-python.mjs hands it the runtime if so).
    globalThis.waddleWorkerComing = container.register("./sw.js").then(
      () => true,
      (error) => {
        console.warn("Waddle: no offline support:", error);
        return false;
      },
    );
  }
  whenReady(fill);
})();
