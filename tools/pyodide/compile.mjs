// Compile a folder's Python sources to bytecode with the Python of the Pyodide the web page runs.
//
//     node tools/pyodide/compile.mjs FOLDER [MODULE]...
//
// The web page compiles every module of the cart from source as it imports it, which is about
// half of its start-up's imports under Pyodide; bytecode shipped in the page's package spares
// that, but only bytecode of the very Python that runs it. So the compiling is done here, by the
// Pyodide pinned in package.json, which must be the one Pyxel's pyxel.js loads (tools/build_web.py
// checks that).
//
// FOLDER (on the host) is mounted into Pyodide's file system and every `*.py` under it gets its
// `__pycache__/NAME.<cache tag>.pyc` beside it (`bytecode.py` beside this script), for the build
// to ship in the source's place: a sourceless header, without module and function docstrings,
// which nothing reads, and without column positions (`-X no_debug_ranges`, set through
// PYTHONNODEBUGRANGES before Python starts): together about a third smaller; a traceback still
// names each file and line, only without the `^^^` under the failing expression.
// Then each MODULE is imported from FOLDER (`pyxel` answered by time_start.py's stand-in), and
// the folder's modules are reported in the order their imports finished (each after those it
// imports), so the build can ship the bytecode that start-up waits for first. Prints one JSON
// line: the Python version, its cache tag, its magic number (hex), the number of files compiled
// and `loaded`, the FOLDER-relative paths of the sources imported, in that order. Exit status 1 when a file fails to compile or a
// MODULE to import (the error on stderr), 2 on bad usage.

import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MOUNT = "/mnt/compile";
const TOOLS = "/mnt/tools";

const [folder, ...modules] = process.argv.slice(2);
if (!folder || !statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
  process.stderr.write("usage: node tools/pyodide/compile.mjs FOLDER [MODULE]... (FOLDER: an existing folder)\n");
  process.exit(2);
}

const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
pyodide.setStdout({ batched: (line) => process.stdout.write(`${line}\n`) });
pyodide.setStderr({ batched: (line) => process.stderr.write(`${line}\n`) });
for (const [mount, host] of [
  [MOUNT, path.resolve(folder)],
  [TOOLS, HERE],
]) {
  pyodide.FS.mkdirTree(mount);
  pyodide.mountNodeFS(mount, host);
}

const COMPILE = `
import importlib.util, json, pathlib, sys

probe = compile("x", "<probe>", "eval")
if next(probe.co_positions())[2] is not None:
    raise SystemExit("PYTHONNODEBUGRANGES did not reach Python: columns would still be compiled")
sys.dont_write_bytecode = True
sys.path[:0] = [MOUNT, TOOLS]
from bytecode import compile_folder
from time_start import stand_in_pyxel

made = compile_folder(pathlib.Path(MOUNT), pathlib.Path(MOUNT))

sys.modules["pyxel"] = stand_in_pyxel()
for name in MODULES:
    __import__(name)
prefix = MOUNT + "/"
loaded = [
    m.__file__[len(prefix):]
    for m in list(sys.modules.values())
    if (getattr(m, "__file__", None) or "").startswith(prefix)
]
print(json.dumps({
    "python": ".".join(map(str, sys.version_info[:3])),
    "cache_tag": sys.implementation.cache_tag,
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "compiled": made,
    "loaded": loaded,
}))
True
`;

let ok = false;
try {
  ok = pyodide.runPython(COMPILE, { globals: pyodide.toPy({ MOUNT, TOOLS, MODULES: modules }) });
} catch (error) {
  process.stderr.write(`${error.message ?? error}\n`);
}
process.exitCode = ok ? 0 : 1;
