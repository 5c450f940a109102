// Run a Python script under Pyodide in Node.js, with the cart's pure packages in its file system.
//
//     node tools/pyodide/run.mjs [--with PATH]... SCRIPT.py [ARG]...
//
// Pyodide is the CPython that Pyxel's web runtime runs the cartridge on in the browser; the npm
// package (pinned in package.json, installed by `npm ci --prefix tools/pyodide`) is the same
// build, so what runs here runs there. Issue 6, check 3: `cart.engine`, `cart.ai` and
// `cart.store` need nothing but Pyodide's bundled standard library.
//
// The cart is *written* into Pyodide's in-memory file system (as the browser extracts the
// .pyxapp there), never mounted from the host: only `cart/__init__.py`, `cart/__main__.py`,
// `cart/import_order.py` (which `cart.ai` reads) and
// the packages `cart/engine`, `cart/ai` (with `weights.bin`) and `cart/store`. `cart/ui` needs
// Pyxel's WebAssembly build, which the npm registry does not carry, so it is left out and any
// import of it fails loudly. SCRIPT and every `--with` file (paths inside the repository) are
// written at the same relative paths under HOME, which becomes the working folder and the
// first entry of `sys.path`; `sys.argv` is `[SCRIPT, ARG...]`.
//
// `js.localStorage` in Python is a stand-in with the browser's Web Storage interface
// (`StandInStorage` below); `js.StandInStorage.new(quota)` makes more. Python talks to it
// through Pyodide's real JS proxies, and a full storage throws a real `DOMException` named
// `QuotaExceededError`, as browsers do. Python's stdin, stdout and stderr are the process's.
//
// Exit status: the script's (0 when it returns, its SystemExit code), 1 on an uncaught
// exception (traceback on stderr), 2 on bad usage.

import { readdirSync, readFileSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const HOME = "/home/pyodide/gammon-cart";
const CART = ["cart/__init__.py", "cart/__main__.py", "cart/import_order.py", "cart/engine", "cart/ai", "cart/store"];
// About what browsers allow one origin: 5 MiB of UTF-16 code units, keys and values together.
const BROWSER_QUOTA = 5 * 1024 * 1024;

/** Window.localStorage as far as the cart uses it: string items, a key list and a quota. As a
 * browser's Storage, its items are its own enumerable properties (`Object.keys(localStorage)`, how
 * the page lists them in one call), and nothing else is. */
class StandInStorage {
  #items = new Map();

  constructor(quota = BROWSER_QUOTA) {
    this.quota = quota;
    const items = this.#items;
    return new Proxy(this, {
      get: (target, name) => {
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
      ownKeys: () => [...items.keys()],
      getOwnPropertyDescriptor: (target, name) =>
        items.has(name) ? { value: items.get(name), enumerable: true, configurable: true, writable: true } : undefined,
    });
  }

  get length() {
    return this.#items.size;
  }

  key(index) {
    const keys = [...this.#items.keys()];
    return index >= 0 && index < keys.length ? keys[index] : null;
  }

  getItem(key) {
    const value = this.#items.get(String(key));
    return value === undefined ? null : value;
  }

  setItem(key, value) {
    key = String(key);
    value = String(value);
    let used = key.length + value.length;
    for (const [k, v] of this.#items) {
      if (k !== key) used += k.length + v.length;
    }
    if (used > this.quota) {
      // Chrome's words; the old value stays, as in every browser.
      throw new DOMException(
        `Failed to execute 'setItem' on 'Storage': Setting the value of '${key}' exceeded the quota.`,
        "QuotaExceededError",
      );
    }
    this.#items.set(key, value);
  }

  removeItem(key) {
    this.#items.delete(String(key));
  }

  clear() {
    this.#items.clear();
  }
}

function usage(message) {
  process.stderr.write(`run.mjs: ${message}\nusage: node tools/pyodide/run.mjs [--with PATH]... SCRIPT.py [ARG]...\n`);
  process.exit(2);
}

/** A path inside the repository, as a relative POSIX path (refuses anything outside). */
function insideRoot(given) {
  const full = path.resolve(given);
  const rel = path.relative(ROOT, full);
  if (rel.startsWith("..") || path.isAbsolute(rel)) usage(`${given} is not inside ${ROOT}`);
  return rel.split(path.sep).join("/");
}

/** Every file under `rel` (a file or a folder), skipping bytecode caches. */
function filesUnder(rel) {
  const full = path.join(ROOT, rel);
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full)
    .filter((name) => name !== "__pycache__" && !name.endsWith(".pyc"))
    .sort()
    .flatMap((name) => filesUnder(`${rel}/${name}`));
}

const args = process.argv.slice(2);
const extra = [];
while (args[0] === "--with") {
  if (args.length < 2) usage("--with needs a path");
  extra.push(insideRoot(args[1]));
  args.splice(0, 2);
}
if (args.length === 0 || !args[0].endsWith(".py")) usage("give a Python script to run");
const script = insideRoot(args[0]);

const pyodide = await loadPyodide();
const writeRaw = (stream) => ({
  write: (bytes) => {
    stream.write(bytes);
    return bytes.length;
  },
});
pyodide.setStdout(writeRaw(process.stdout));
pyodide.setStderr(writeRaw(process.stderr));
// Python's stdin is ours, read as it asks (time_ai.py serves one pass per line).
pyodide.setStdin({
  read: (buffer) => {
    try {
      return readSync(0, buffer);
    } catch (error) {
      if (error.code === "EOF") return 0;
      throw error;
    }
  },
});

for (const rel of [...CART.flatMap(filesUnder), ...extra.flatMap(filesUnder), script]) {
  const target = `${HOME}/${rel}`;
  pyodide.FS.mkdirTree(path.posix.dirname(target));
  pyodide.FS.writeFile(target, readFileSync(path.join(ROOT, rel)));
}

Object.defineProperty(globalThis, "localStorage", {
  value: new StandInStorage(),
  configurable: true,
  writable: true,
});
globalThis.StandInStorage = StandInStorage;

const BOOT = `
import os, runpy, sys
os.chdir(HOME)
sys.path.insert(0, HOME)
sys.argv = list(ARGV)
try:
    runpy.run_path(SCRIPT, run_name="__main__")
    status = 0
except SystemExit as stop:
    code = stop.code
    status = code if isinstance(code, int) else (0 if code is None else 1)
    if not isinstance(code, (int, type(None))):
        print(code, file=sys.stderr)
finally:
    sys.stdout.flush()
    sys.stderr.flush()
status
`;

let status;
try {
  const globals = pyodide.toPy({ HOME, SCRIPT: script, ARGV: [script, ...args.slice(1)] });
  status = pyodide.runPython(BOOT, { globals });
} catch (error) {
  // A PythonError's message is the traceback.
  process.stderr.write(`${error.message ?? error}\n`);
  status = 1;
}
process.exitCode = status;
