// Compiles Python sources to bytecode with Pyodide's own Python, under Node (the build's
// scripts/app_bytecode.py runs it): a .pyc is only read by the interpreter version that
// wrote it, and the page's is Pyodide's.
//
//   node scripts/compile_python.mjs PYODIDE_DIR WORK_DIR
//
// WORK_DIR holds the sources at their paths in the app zip and sources.json listing them;
// each NAME.py gets its bytecode beside it as NAME.pyc (importable without the source),
// with a hash of the source in its header, not a time, so that builds are reproducible.
// Prints {"cache_tag": ..., "compiled": N} as its last line.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, work] = process.argv.slice(2);
if (!pyodideDir || !work) {
  console.error("usage: node compile_python.mjs PYODIDE_DIR WORK_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}${path.sep}` });
pyodide.FS.mkdir("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: work }, "/work");
const result = pyodide.runPython(`
import json, py_compile, sys
with open("/work/sources.json", encoding="utf-8") as listing:
    names = json.load(listing)
for name in names:
    # dfile: the name tracebacks show until the import system sets the real path.
    py_compile.compile(
        f"/work/{name}",
        cfile=f"/work/{name}c",
        dfile=name,
        doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
json.dumps({"cache_tag": sys.implementation.cache_tag, "compiled": len(names)})
`);
console.log(result);
