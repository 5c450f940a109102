// The page's thinking worker (tools/web/page.js) under Node.js: Node's threads stand in for the Web Worker.
//
//     node tools/pyodide/thinker.mjs DIR [APP]
//
// Starts page.js's gammonThinker with the cart's AI and engine, as cart/ai/worker.py's PageWorker
// does (the repository's, or with APP those of an extracted page package, bytecode and all), on a worker thread that loads the Pyodide installed here (the browser's build); once it is
// ready, asks each DIR/jobN.bin (a job pickled by cart.ai.worker.sendable) and writes the answer,
// as the page hands it back, to DIR/answerN.bin, or "failed" to DIR/answerN.failed. Prints the
// seconds to ready. Exit status 1 when the worker did not start.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const { gammonThinker } = createRequire(import.meta.url)("../web/page.js");
const SHIM = `import { parentPort } from "node:worker_threads";
globalThis.self = globalThis;
self.postMessage = (message) => parentPort.postMessage(message);
self.addEventListener = () => {}; // the source's unhandled-rejection guard: Node's own handling stays
parentPort.on("message", (data) => self.onmessage({ data }));
`;

const dir = process.argv[2];
const from = process.argv[3] ? path.resolve(process.argv[3]) : ROOT;
const tmp = mkdtempSync(path.join(os.tmpdir(), "gammon-thinker-"));

/** A Web Worker's interface over a worker thread running the page's source (an ES module). */
function threadWorker(src) {
  const file = path.join(tmp, "thinker.mjs");
  writeFileSync(file, SHIM + src);
  const thread = new Worker(file);
  const worker = {
    onmessage: null,
    onerror: null,
    postMessage: (message) => thread.postMessage(message),
    terminate: () => thread.terminate(),
  };
  thread.on("message", (data) => worker.onmessage?.({ data }));
  thread.on("error", (err) => worker.onerror?.({ message: String(err) }));
  return worker;
}

function cartFiles() {
  const files = {};
  for (const name of ["cart/__init__.py", "cart/import_order.py", "cart/import_order.pyc"]) {
    try {
      files[name] = new Uint8Array(readFileSync(path.join(from, name)));
    } catch {} // the page's package holds import_order as bytecode in its source's place
  }
  const walk = (rel) => {
    for (const name of readdirSync(path.join(from, rel)).sort()) {
      const sub = `${rel}/${name}`;
      if (statSync(path.join(from, sub)).isDirectory()) {
        if (name !== "__pycache__") walk(sub);
      } else if ([".py", ".pyc", ".bin"].includes(path.extname(name))) {
        files[sub] = new Uint8Array(readFileSync(path.join(from, sub)));
      }
    }
  };
  walk("cart/ai");
  walk("cart/engine");
  return files;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pyodide = path.join(HERE, "node_modules", "pyodide", "pyodide.js");
const thinker = gammonThinker(() => pyodide, threadWorker);
const t0 = performance.now();
let status = 0;
if (!thinker.start(cartFiles())) {
  status = 1;
} else {
  // a failed load is tried again by the page; here the first failure is the answer
  while (!thinker.ready() && !thinker.failed() && !thinker.stopped() && performance.now() - t0 < 300_000) await sleep(20);
  if (!thinker.ready()) {
    status = 1;
  } else {
    console.log(`ready ${((performance.now() - t0) / 1000).toFixed(2)}`);
    const jobs = readdirSync(dir).filter((n) => /^job\d+\.bin$/.test(n)).sort();
    const tickets = jobs.map((n) => [n, thinker.ask(new Uint8Array(readFileSync(path.join(dir, n))))]);
    for (const [name, ticket] of tickets) {
      while (thinker.state(ticket) === 0) await sleep(5);
      const out = path.join(dir, name.replace("job", "answer"));
      if (thinker.state(ticket) === 1) writeFileSync(out, thinker.take(ticket));
      else writeFileSync(out.replace(/\.bin$/, ".failed"), "failed");
    }
  }
}
thinker.stop();
rmSync(tmp, { recursive: true, force: true });
process.exit(status);
