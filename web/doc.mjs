// SPDX-License-Identifier: MIT

// doc.mjs writes doc/wasm-benchmarks.md from the JSON results of one run
// in Chromium and one under node (drive.mjs and node.mjs --json).
//
//	node doc.mjs CHROMIUM.json NODE.json OUT.md
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { header, rows } from "./runner.mjs";

const [chromium, node] = process.argv.slice(2, 4).map((f) => JSON.parse(readFileSync(f, "utf8")));
const md = (res) => {
  const align = header.map((_, j) => (j < 3 ? "---" : "---:"));
  return [header, align, ...rows(res.bench)].map((r) => `| ${r.join(" | ")} |`).join("\n");
};
const range = (res, sizes) => {
  const rs = res.bench.filter((c) => sizes.includes(c.size)).map((c) => c.ratio);
  return `${Math.min(...rs).toFixed(2)}x to ${Math.max(...rs).toFixed(2)}x`;
};
const summary = (res) =>
  `${range(res, [16])} at 16 B, ${range(res, [1024, 1 << 20])} at 1 KiB and 1 MiB`;

writeFileSync(process.argv[4], `## wasm: in the browser and node, beside libsodium.js

The module compiled to js/wasm (\`GOOS=js GOARCH=wasm\`), where it runs its
constant-time bitsliced kernel (\`soft\`, with the fused loops of
\`internal/soft/fused_gen.go\`), beside libsodium.js (libsodium-wrappers
0.8.4: libsodium ${chromium.sodiumVersion} compiled to wasm), in one page load:
AEGIS-128L and AEGIS-256, Seal ("encrypt") and Open ("decrypt") of 16 B,
1 KiB and 1 MiB, 32-byte tags, no additional data. Go's timing loop runs in
Go, as a Go program in the page would call Seal and Open (one output
buffer reused); libsodium.js is called from JavaScript as its users call
it (each call copies its input into and its output out of the wasm
memory). The two alternate, round by round; each figure is the median of
${chromium.bench[0].roundRatios.length} rounds. The same page checks interop first: every case sealed
by one side opens on the other and gives the same bytes, both variants,
messages of 0, 1, 15, 16, 17, 1023, 1024, 1025 and 65536 bytes, with and
without additional data, and a changed byte of ciphertext, tag or
additional data fails on both sides (${chromium.interop.cases} cases each way, ${chromium.interop.failures.length} failures in
Chromium, ${node.interop.failures.length} under node).

Go / libsodium.js: ${summary(chromium)} in Chromium; ${summary(node)} under node.
${cpus()[0]?.model ?? "this machine"}, two cores shared with other work (load
average ${loadavg()[0].toFixed(1)} as this was written): the ratios, measured in one run, are
the figures to compare, and the absolute figures are low.

![The benchmark page in headless Chromium](wasm-benchmarks.png)

${chromium.engine}:

${md(chromium)}

${node.engine}:

${md(node)}

Rebuild, rerun and rewrite this section and its screenshot with
\`bash .ci/browser.sh --doc\` (CI runs \`bash .ci/browser.sh\`, which prints
both tables and fails only if interop fails or the page does not finish).
The page is \`web/\`: \`main.go\` (the Go program, its own module),
\`runner.mjs\` (interop and timing, shared by the page and node),
\`index.html\` and \`page.mjs\`, \`drive.mjs\` (headless Chromium through
playwright-core) and \`node.mjs\`.
`);
