// SPDX-License-Identifier: MIT

// node.mjs runs the benchmark page's runner under node: the Go program
// (build/aegis.wasm, with Go's wasm_exec.js copied to build/) beside
// libsodium.js, as in the page. It prints the interop result and the
// speed table, writes the results as JSON to --json FILE if given, and
// exits 1 if interop fails.
//
//	node node.mjs [--rounds N] [--seconds S] [--clock cpu|wall] [--json FILE]
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { run, table } from "./runner.mjs";

// libsodium.js's ESM build needs globalThis.crypto, global from node 19 on.
globalThis.crypto ??= (await import("node:crypto")).webcrypto;
const { default: sodium } = await import("libsodium-wrappers");

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "7" },
    seconds: { type: "string", default: "0.05" },
    clock: { type: "string", default: "wall" }, // or "cpu"
    json: { type: "string" },
  },
});
const here = new URL(".", import.meta.url);
const require = createRequire(import.meta.url);
// What Go's wasm_exec_node.js sets up before wasm_exec.js.
globalThis.require = require;
globalThis.fs = require("node:fs");
globalThis.path = require("node:path");
require(new URL("build/wasm_exec.js", here).pathname);

const go = new globalThis.Go();
const { instance } = await WebAssembly.instantiate(readFileSync(new URL("build/aegis.wasm", here)), go.importObject);
go.run(instance); // main registers globalThis.aegisgo, then waits for calls
if (!globalThis.aegisgo) throw new Error("the Go program did not register aegisgo");
await sodium.ready;

const res = await run(sodium, globalThis.aegisgo, {
  rounds: Number(args.rounds),
  seconds: Number(args.seconds),
  log: (s) => console.log(s),
  // With --clock cpu, the process's CPU time times both sides: other
  // processes on a shared machine do not inflate it, but V8's GC threads,
  // busy after libsodium.js's rounds, are charged to the Go round that
  // follows. The default is the time of day, Go's side by Go's clock, as
  // in the browser, which has no CPU clock.
  clock: args.clock === "cpu" ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; } : undefined,
});
res.engine = `node ${process.version}`;
res.clock = args.clock;
console.log(`kernels: ${JSON.stringify(res.implementation)}; ${res.engine}; ${res.seconds.toFixed(1)} s`);
console.log(table(res.bench));
if (args.json) writeFileSync(args.json, JSON.stringify(res, null, 1));
for (const f of res.interop.failures) console.log(`FAIL ${f}`);
process.exit(res.interop.failures.length ? 1 : 0);
