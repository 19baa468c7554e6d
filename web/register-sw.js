// Offline support, and when PyScript starts. A classic script in <head> (the CSP forbids
// inline scripts) whose tag names PyScript's module in data-pyscript: this script loads
// that module, so that on a first visit the service worker (dist/sw.js, made from
// web/sw.js) is in control before Pyodide's 14 MB are fetched, and keeps them as they
// pass through instead of downloading them a second time (see web/sw.js).
//
// - Already controlled (any later visit, online or not): PyScript starts at once; the
//   worker answers from its cache.
// - First visit: register ./sw.js; PyScript starts when the worker has taken control
//   (it caches nothing at install, so that takes one download of sw.js), or after
//   GIVE_UP_MS if it never does, or at once if registering fails.
// - No service workers (file:// pages, private modes that refuse them) or offline
//   without one: PyScript starts at once; the app works, just not offline. Failures are
//   warnings, never errors.
//
// Once the app is ready (<html data-app="ready">) the worker is asked to cache whatever
// the visit did not pass through it; when it says every file is cached, this script sets
// <html data-offline="ready">: from then on the app starts without a network.
(() => {
  "use strict";
  const GIVE_UP_MS = 5000;
  const root = document.documentElement;
  const pyscript = document.currentScript?.dataset.pyscript;

  let started = false;
  const startPyScript = () => {
    if (started || !pyscript) return;
    started = true;
    const module = document.createElement("script");
    module.type = "module";
    module.src = pyscript;
    document.head.append(module);
  };
  // As a static module script would: not before the page is parsed (PyScript looks for
  // its <script type="py"> when it starts).
  const start = () => {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", startPyScript, { once: true });
    } else {
      startPyScript();
    }
  };

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
    const worker = navigator.serviceWorker.controller;
    if (!worker) {
      // PyScript gave up waiting: the worker may still take over later.
      navigator.serviceWorker.addEventListener("controllerchange", fill, { once: true });
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      if (data?.ok) root.dataset.offline = "ready";
      else console.warn("Waddle: offline copy incomplete:", data?.error);
    };
    worker.postMessage({ type: "fill" }, [channel.port2]);
  };

  if (!("serviceWorker" in navigator)) return start();
  const container = navigator.serviceWorker;
  if (!container.controller && !navigator.onLine) return start();
  if (container.controller) {
    start();
    whenReady(fill);
    return;
  }
  container.addEventListener("controllerchange", start, { once: true });
  setTimeout(start, GIVE_UP_MS);
  container.register("./sw.js").then(
    (registration) => {
      // No worker will take over: no registration (a browser or test harness that stubs
      // register out), or one already active (a page loaded past it: shift-reload), or
      // (below) an install that failed.
      const worker = registration?.installing;
      if (!worker || registration.active) return start();
      worker.addEventListener("statechange", () => {
        if (worker.state === "redundant") start();
      });
    },
    (error) => {
      console.warn("Waddle: no offline support:", error);
      start();
    },
  );
  whenReady(fill);
})();
