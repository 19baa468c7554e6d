// Offline support: registers the service worker (dist/sw.js, made from web/sw.js) once the
// app is ready, so that the first visit's start-up never waits for the precache download.
// A classic script in <head> (the CSP forbids inline scripts).
//
// Nothing is done when the page is already controlled: the browser itself checks sw.js
// for a new version on every navigation, and a register() call while offline would only
// fail. Failures are warnings, never errors: the app works without offline support
// (file:// pages, private modes that refuse service workers).
(() => {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  const root = document.documentElement;

  const register = () => {
    if (navigator.serviceWorker.controller || !navigator.onLine) return;
    navigator.serviceWorker
      .register("./sw.js")
      .catch((error) => console.warn("Waddle: no offline support:", error));
  };

  if (root.dataset.app === "ready") {
    register();
    return;
  }
  const watch = new MutationObserver(() => {
    if (root.dataset.app !== "ready") return;
    watch.disconnect();
    register();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-app"] });
})();
