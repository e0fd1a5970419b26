// SPDX-License-Identifier: MIT

// drive.mjs serves this folder from 127.0.0.1 (a port the system picks),
// opens the page in headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core), waits for it to finish, and prints the
// interop result and the speed table. It exits 1 if interop fails, the
// page reports an error, or it does not finish within --timeout seconds.
//
//	node drive.mjs [--rounds N] [--seconds S] [--timeout T] [--json FILE] [--screenshot FILE]
import { createServer } from "node:http";
import { readFile, writeFile } from "node:fs/promises";
import { extname, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { table } from "./runner.mjs";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "7" },
    seconds: { type: "string", default: "0.05" },
    timeout: { type: "string", default: "120" },
    json: { type: "string" },
    screenshot: { type: "string" },
    chromium: { type: "string", default: "/usr/bin/chromium" },
  },
});

const root = fileURLToPath(new URL(".", import.meta.url));
const types = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm" };

// The page's files only: index.html, the scripts, build/ and the two
// packages under node_modules.
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^[/\\]+/, "") || "index.html";
  const allowed = !path.startsWith("..") && (
    /^[a-z]+\.(html|mjs)$/.test(path) || path.startsWith(`build${sep}`) ||
    path.startsWith(`node_modules${sep}libsodium`));
  try {
    if (!allowed) throw new Error("not served");
    const body = await readFile(root + path);
    res.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream", "cache-control": "no-store" });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const url = `http://127.0.0.1:${server.address().port}/index.html?rounds=${args.rounds}&seconds=${args.seconds}`;

// Flags for a machine with no network but loopback and no GPU; playwright
// starts Chromium with a new, empty profile of its own.
const browser = await chromium.launch({
  executablePath: args.chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
let code = 1;
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => window.aegisResults?.done, null, { timeout: Number(args.timeout) * 1000, polling: 250 });
  const res = await page.evaluate(() => window.aegisResults);
  if (res.error) throw new Error(`the page failed: ${res.error}`);
  res.engine = `Chromium ${browser.version()} (headless)`;
  console.log(`interop: ${res.interop.cases} cases each way, ${res.interop.failures.length} failures`);
  console.log(`kernels: ${JSON.stringify(res.implementation)}; ${res.engine}; ${res.seconds.toFixed(1)} s`);
  console.log(table(res.bench));
  for (const f of res.interop.failures) console.log(`FAIL ${f}`);
  for (const e of errors) console.log(`page error: ${e}`);
  if (args.json) await writeFile(args.json, JSON.stringify(res, null, 1));
  if (args.screenshot) await page.screenshot({ path: args.screenshot, fullPage: true });
  code = res.interop.failures.length || errors.length ? 1 : 0;
} catch (e) {
  console.log(`drive.mjs: ${e?.message ?? e}`);
} finally {
  await browser.close();
  server.close();
}
process.exit(code);
