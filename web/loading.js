// Loading screen of the web app. A classic script in <head>: it runs before PyScript's
// module, so it sees every `py:progress` event. It reports progress and failures that
// happen before Python runs, and on a returning visit paints the board of the last game at
// once (see paintPreview); web/main.py sets data-app="ready" (or "error").
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
    if (label && root.dataset.preview === undefined) label.textContent = text;
    if (bar && step !== undefined) {
      const percent = Math.round((100 * step) / STEPS);
      if (percent <= bar.value) return;
      bar.value = percent;
      bar.textContent = `${percent}%`;
    }
  };

  addEventListener("py:progress", ({ detail }) => {
    if (root.dataset.app !== "loading" || downloading) return;
    const index = STAGES.findIndex(([name]) => name === detail);
    if (index < 0) show(String(detail));
    else show(STAGES[index][1], index + 1);
  });

  // A first visit: the bytes of the runtime as they arrive (web/start-python.mjs counts
  // them), most of the bar; the stages above fill the rest once Python starts.
  const DOWNLOAD_SHARE = 0.8;
  let downloading = false;
  const megabytes = (bytes) => (bytes / 1e6).toFixed(1);
  addEventListener("waddle:download", ({ detail }) => {
    if (root.dataset.app !== "loading" || !detail?.total) return;
    const loaded = Math.min(detail.loaded, detail.total);
    downloading = loaded < detail.total;
    const text = downloading
      ? `Downloading the game engine: ${megabytes(loaded)} of ${megabytes(detail.total)} MB`
      : "Starting Python…";
    show(text, (DOWNLOAD_SHARE * STEPS * loaded) / detail.total);
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

  // A returning visitor sees their board at once: web/app.py keeps the board as drawn with
  // each autosave (localStorage "waddle:preview"); it is painted here, marked as not yet
  // playable (html[data-preview]), until Python takes over and draws the live board. Only
  // for the game the page will open: the address holds that game or none, and no ?game=.
  // The markup is the app's own drawing from this origin's storage, never from the address.
  const paintPreview = () => {
    const query = new URLSearchParams(location.search);
    if (query.has("embed") || query.has("game")) return;
    let preview = null;
    try {
      preview = JSON.parse(localStorage.getItem("waddle:preview") ?? "null");
    } catch {
      return; // no storage (private mode), or a damaged entry: just no preview
    }
    if (!preview || typeof preview.markup !== "string" || typeof preview.viewBox !== "string") {
      return;
    }
    const hash = location.hash.replace(/^#/, "");
    if (hash && hash !== preview.hash) return; // the address holds another game
    const board = document.getElementById("board");
    if (!board || root.dataset.app !== "loading") return;
    board.setAttribute("viewBox", preview.viewBox);
    board.dataset.board = String(preview.game);
    board.innerHTML = preview.markup;
    // Not playable yet: no legal marks, nothing to focus.
    for (const hex of board.querySelectorAll("[data-legal], [tabindex]")) {
      hex.removeAttribute("data-legal");
      hex.removeAttribute("tabindex");
    }
    root.dataset.preview = "";
    document.getElementById("app")?.setAttribute("inert", "");
    const stage = document.getElementById("loading-stage");
    if (stage) stage.textContent = "Starting… the board is not playable yet";
    performance.mark("waddle:preview-painted");
  };
  // A first visit (no game in the address, none kept from an earlier visit) sees the
  // chooser at once: the build drew it into the page. A game picked before Python is
  // ready is noted (<html data-pick>, data-pick-versus) and opened by the app when it
  // starts (web/chooser.py); until then the loading line above the chooser says so.
  const showChooser = () => {
    const query = new URLSearchParams(location.search);
    if (query.has("embed") || query.has("game") || location.hash.replace(/^#/, "")) return;
    if (root.dataset.preview !== undefined || root.dataset.app !== "loading") return;
    try {
      if (localStorage.getItem("waddle:autosave") !== null) return; // a game to go back to
    } catch {
      // no storage: nothing was kept, so the chooser is what Python will show too
    }
    const chooser = document.getElementById("chooser");
    if (!chooser?.querySelector("[data-game-choice]")) return; // a page the build did not make
    chooser.hidden = false;
    root.dataset.screen = "chooser";
    performance.mark("waddle:chooser-shown");
    chooser.addEventListener("click", pick);
  };
  const pick = (event) => {
    if (root.dataset.app !== "loading") return; // Python has it from here
    const choice = event.target.closest("[data-game-choice], [data-versus-computer]");
    if (!choice) return;
    const id = choice.dataset.gameChoice ?? choice.dataset.versusComputer;
    root.dataset.pick = id;
    root.dataset.pickVersus = choice.dataset.versusComputer ? "computer" : "friends";
    for (const button of document.querySelectorAll("[data-game-choice], [data-versus-computer]")) {
      button.setAttribute("aria-pressed", String(button === choice));
    }
    const name = choice.closest(".game-card")?.querySelector(".game-name")?.textContent ?? id;
    const note = document.getElementById("loading-pick");
    if (note) note.textContent = `${name} opens as soon as the game engine is ready.`;
    // Said where the finger is too (on a phone the loading line may be scrolled away).
    const label = choice.querySelector(".game-play") ?? choice;
    for (const other of document.querySelectorAll("[data-waiting-label]")) {
      other.textContent = other.dataset.waitingLabel;
      delete other.dataset.waitingLabel;
    }
    label.dataset.waitingLabel = label.textContent;
    label.textContent = "Opening when ready…";
  };

  // Once Python has opened the pick, the cards read as before (for the Games button).
  const unpick = () => {
    for (const label of document.querySelectorAll("[data-waiting-label]")) {
      label.textContent = label.dataset.waitingLabel;
      delete label.dataset.waitingLabel;
    }
    for (const button of document.querySelectorAll("#chooser [aria-pressed]")) {
      button.removeAttribute("aria-pressed");
    }
  };
  new MutationObserver((_changes, watch) => {
    if (root.dataset.app === "loading") return;
    watch.disconnect();
    unpick();
  }).observe(root, { attributes: true, attributeFilter: ["data-app"] });

  // A first visit's downloads: Python's runtime and the app, asked for once the first
  // screen is painted (the <template> in index.html), not at the end of the chain of
  // modules that name them (PyScript, pyscript.toml, web/start-python.mjs, pyodide.mjs):
  // about six round trips sooner on a phone. Not on a returning visit (the service
  // worker has them at hand), and not once Python's start has asked for them itself
  // (web/start-python.mjs sets waddlePythonStarting): a preload after the request would
  // be a second download.
  const preloadPython = () => {
    if (navigator.serviceWorker?.controller || globalThis.waddlePythonStarting) return;
    const links = document.getElementById("python-preloads")?.content;
    if (links) document.head.append(links.cloneNode(true));
  };
  const afterFirstPaint = (then) => requestAnimationFrame(() => setTimeout(then, 0));

  const firstScreen = () => {
    paintPreview();
    showChooser();
    afterFirstPaint(preloadPython);
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", firstScreen, { once: true });
  } else {
    firstScreen();
  }
})();
