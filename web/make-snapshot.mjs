// Makes the memory snapshot a returning visit starts Python from (see
// web/start-python.mjs, which starts this module worker once the app is ready). A worker,
// because Pyodide started with `_makeSnapshot` holds no JavaScript objects, and
// PyScript's `pyscript` package needs them: the page's own interpreter cannot be the one
// snapshotted. Here, off the page's thread, a second interpreter starts, unpacks the app
// zip where web/start-python.mjs writes it (the working directory), imports the standard
// modules and the app's modules it is given, and its memory is gzipped into Cache
// Storage; then the worker closes. It answers {ok, bytes, packed} or {ok: false, error}.
//
// The message: {pyodide: URL of pyodide.mjs, preload: [standard modules], app: URL of the
// app zip, modules: [the app's modules], key: cache URL, header: the header that lists
// them, cache: cache name}.
addEventListener("message", async ({ data }) => {
  try {
    const { loadPyodide } = await import(data.pyodide);
    const pyodide = await loadPyodide({
      indexURL: new URL("./", data.pyodide).href,
      _makeSnapshot: true,
    });
    const app = await fetch(data.app);
    if (!app.ok) throw new Error(`${data.app}: HTTP ${app.status}`);
    pyodide.unpackArchive(await app.arrayBuffer(), "zip");
    // Only modules that import cleanly here: those needing the page (web.*, which
    // imports pyscript) are left for the page to import.
    pyodide.runPython(
      "import importlib, os, sys\n" +
        "sys.path.insert(0, os.getcwd())\n" +
        `for name in ${JSON.stringify([...data.preload, ...data.modules])}:\n` +
        "    try: importlib.import_module(name)\n" +
        "    except Exception: pass\n" +
        "sys.path.remove(os.getcwd())\n",
    );
    const bytes = pyodide.makeMemorySnapshot();
    const packed = await new Response(
      new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip")),
    ).blob();
    const cache = await caches.open(data.cache);
    const held = JSON.stringify(data.modules);
    await cache.put(data.key, new Response(packed, { headers: { [data.header]: held } }));
    for (const request of await cache.keys()) {
      if (request.url !== data.key) await cache.delete(request);
    }
    postMessage({ ok: true, bytes: bytes.length, packed: packed.size });
  } catch (error) {
    postMessage({ ok: false, error: String(error?.message ?? error) });
  }
  close();
});
