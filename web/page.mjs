// SPDX-License-Identifier: MIT

// page.mjs is the page's script: it starts the Go program, runs the runner
// and shows its results; window.aegisResults holds them, with done set,
// for the driver (drive.mjs). ?rounds=N&seconds=S change the rounds.
import sodium from "libsodium-wrappers";
import { run, rows, header, sizeName } from "./runner.mjs";

const $ = (id) => document.getElementById(id);
const status = (s, state = "running") => {
  $("status").textContent = s;
  $("status").dataset.state = state;
};

function addRow(tr, cells, ratio) {
  cells.forEach((x, j) => {
    const td = document.createElement(tr.parentElement?.tagName === "THEAD" ? "th" : "td");
    td.textContent = x;
    if (j >= 3) td.className = "n";
    if (j === cells.length - 1 && ratio !== undefined) td.className += ratio >= 1 ? " good" : " bad";
    tr.append(td);
  });
}

async function main() {
  const q = new URLSearchParams(location.search);
  const go = new Go();
  const { instance } = await WebAssembly.instantiateStreaming(fetch("build/aegis.wasm"), go.importObject);
  go.run(instance);
  await sodium.ready;
  const thead = $("speed").createTHead(), tbody = $("speed").createTBody();
  addRow(thead.insertRow(), header);
  status("interop…");
  const res = await run(sodium, globalThis.aegisgo, {
    rounds: Number(q.get("rounds") ?? 7),
    seconds: Number(q.get("seconds") ?? 0.05),
    log: (s) => ($("interop").textContent = s),
    progress: (i, n, cell) => {
      status(`speed: ${i} of ${n} (${cell.variant} ${sizeName(cell.size)} ${cell.op})`);
      addRow(tbody.insertRow(), rows([cell])[0], cell.ratio);
    },
    yieldNow: () => new Promise((r) => setTimeout(r, 0)),
  });
  res.engine = navigator.userAgent;
  for (const f of res.interop.failures) {
    const li = document.createElement("li");
    li.textContent = f;
    $("failures").append(li);
  }
  $("env").textContent = `kernels: ${Object.entries(res.implementation).map(([k, v]) => `${k} ${v}`).join(", ")}; ` +
    `${res.engine}; ${res.seconds.toFixed(1)} s`;
  const ok = res.interop.failures.length === 0;
  status(ok ? "done: interop passed both ways" : "done: interop FAILED", ok ? "done" : "failed");
  window.aegisResults = res;
}

main().catch((e) => {
  status(`error: ${e?.stack ?? e}`, "failed");
  window.aegisResults = { done: true, error: String(e?.stack ?? e) };
});
