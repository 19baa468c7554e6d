// Loading screen of the web app. A classic script in <head>: it runs before PyScript's
// module, so it sees every `py:progress` event. It only reports progress and failures
// that happen before Python runs; web/main.py sets data-app="ready" (or "error").
(() => {
  "use strict";

  // The `py:progress` details PyScript 0.7 / polyscript sends on the main thread, in order,
  // with what the user sees. Unknown details are shown as they are, without moving the bar.
  const STAGES = [
    ["Loading Pyodide", "Loading Python…"],
    ["Loading Storage", "Loading Python…"],
    ["Loaded Storage", "Loading Python…"],
    ["Loading interpreter", "Starting Python…"],
    ["Loaded interpreter", "Python started"],
    ["Loading files", "Loading the game engine…"],
    ["Loaded files", "Game engine loaded"],
    ["Loaded Pyodide", "Starting Waddle…"],
  ];
  // One more step after the last stage: web/main.py running (it ends at 100%).
  const STEPS = STAGES.length + 1;
  const root = document.documentElement;

  const show = (text, step) => {
    const label = document.getElementById("loading-stage");
    const bar = document.getElementById("loading-progress");
    if (label) label.textContent = text;
    if (bar && step !== undefined) {
      const percent = Math.round((100 * step) / STEPS);
      bar.value = Math.max(bar.value, percent);
      bar.textContent = `${percent}%`;
    }
  };

  addEventListener("py:progress", ({ detail }) => {
    if (root.dataset.app !== "loading") return;
    const index = STAGES.findIndex(([name]) => name === detail);
    if (index < 0) show(String(detail));
    else show(STAGES[index][1], index + 1);
  });

  // Anything that breaks before Python takes over: a missing file, a failed import.
  const fail = (message) => {
    if (root.dataset.app !== "loading") return;
    root.dataset.app = "error";
    const text = document.getElementById("error-message");
    if (text) text.textContent = message;
    document.getElementById("loading")?.setAttribute("aria-busy", "false");
  };
  // Capturing, so that failed <script>/<link> loads (which do not bubble) count too.
  addEventListener(
    "error",
    (event) => {
      const source = event.target?.src || event.target?.href;
      fail(event.message || (source ? `Could not load ${source}` : "A script failed."));
    },
    true,
  );
  addEventListener("unhandledrejection", (event) =>
    fail(String(event.reason?.message ?? event.reason)),
  );
})();
