// SPDX-License-Identifier: MIT

// The runner of the benchmark page, shared by the page (page.mjs, in
// Chromium) and node (node.mjs): interop between this module's Go
// (js/wasm, the global aegisgo of main.go) and libsodium.js, then the
// speed of both, measured in alternating rounds in one page load.

export const variants = ["aegis128l", "aegis256"];
export const interopLengths = [0, 1, 15, 16, 17, 1023, 1024, 1025, 65536];
export const adLengths = [0, 13];
export const benchSizes = [16, 1024, 1 << 20];
export const ops = ["encrypt", "decrypt"];

const names = { aegis128l: "AEGIS-128L", aegis256: "AEGIS-256" };
export const variantName = (v) => names[v];

function random(n) {
  const b = new Uint8Array(n);
  for (let off = 0; off < n; off += 65536) {
    crypto.getRandomValues(b.subarray(off, Math.min(n, off + 65536)));
  }
  return b;
}

function equal(a, b) {
  if (a === null || b === null || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sodiumOpen(sodium, v, key, nonce, ct, ad) {
  try {
    return sodium[`crypto_aead_${v}_decrypt`](null, ct, ad.length ? ad : null, nonce, key);
  } catch {
    return null; // libsodium.js throws on a forgery
  }
}

const sodiumSeal = (sodium, v, key, nonce, msg, ad) =>
  sodium[`crypto_aead_${v}_encrypt`](msg, ad.length ? ad : null, null, nonce, key);

// interop seals every case with one side and opens it with the other,
// both ways; both must give the same bytes, and a ciphertext, tag or
// additional data with one byte changed must fail on both sides. It
// returns the number of cases and a list of failures.
export function interop(sodium, go) {
  const failures = [];
  let cases = 0;
  for (const v of variants) {
    const keyLen = sodium[`crypto_aead_${v}_KEYBYTES`];
    const nonceLen = sodium[`crypto_aead_${v}_NPUBBYTES`];
    for (const n of interopLengths) {
      for (const adLen of adLengths) {
        cases++;
        const what = `${variantName(v)} msg ${n} ad ${adLen}`;
        const key = random(keyLen), nonce = random(nonceLen);
        const msg = random(n), ad = random(adLen);
        const byGo = go.seal(v, key, nonce, msg, ad);
        const bySodium = sodiumSeal(sodium, v, key, nonce, msg, ad);
        if (!equal(byGo, bySodium)) failures.push(`${what}: the ciphertexts differ`);
        if (!equal(sodiumOpen(sodium, v, key, nonce, byGo, ad), msg)) {
          failures.push(`${what}: libsodium.js does not open what Go sealed`);
        }
        if (!equal(go.open(v, key, nonce, bySodium, ad), msg)) {
          failures.push(`${what}: Go does not open what libsodium.js sealed`);
        }
        // One byte changed: of the ciphertext (or of the tag where there
        // is none), of the tag, of the additional data.
        const bad = [];
        for (const at of [Math.floor(n / 2), byGo.length - 1]) {
          const c = byGo.slice();
          c[at] ^= 0x80;
          bad.push([c, ad, at < n ? "ciphertext" : "tag"]);
        }
        if (adLen > 0) {
          const a = ad.slice();
          a[adLen - 1] ^= 1;
          bad.push([byGo, a, "ad"]);
        }
        for (const [c, a, part] of bad) {
          if (sodiumOpen(sodium, v, key, nonce, c, a) !== null) {
            failures.push(`${what}: libsodium.js opens a changed ${part}`);
          }
          if (go.open(v, key, nonce, c, a) !== null) {
            failures.push(`${what}: Go opens a changed ${part}`);
          }
        }
      }
    }
  }
  return { cases, failures };
}

// A timer of one side: run(iters) returns the seconds of iters calls.
// Go's are timed in Go, by its own clock, unless clock (a function that
// returns seconds) is given: then both sides are timed by clock.
function goTimer(go, v, op, size, clock) {
  const o = op === "encrypt" ? "seal" : "open";
  return (iters) => {
    const t = clock?.();
    const s = go.bench(v, o, size, iters);
    if (s < 0) throw new Error(`Go: Open fails in the benchmark of ${v} ${size}`);
    return clock ? clock() - t : s;
  };
}

function sodiumTimer(sodium, v, op, size, clock = () => performance.now() / 1000) {
  const key = new Uint8Array(sodium[`crypto_aead_${v}_KEYBYTES`]).map((_, i) => i);
  const nonce = new Uint8Array(sodium[`crypto_aead_${v}_NPUBBYTES`]);
  const msg = new Uint8Array(size).map((_, i) => i * 7);
  const enc = sodium[`crypto_aead_${v}_encrypt`];
  const dec = sodium[`crypto_aead_${v}_decrypt`];
  const ct = enc(msg, null, null, nonce, key);
  if (op === "encrypt") {
    return (iters) => {
      const t = clock();
      for (let i = 0; i < iters; i++) enc(msg, null, null, nonce, key);
      return clock() - t;
    };
  }
  return (iters) => {
    const t = clock();
    for (let i = 0; i < iters; i++) dec(null, ct, null, nonce, key);
    return clock() - t;
  };
}

// calibrate returns the iterations that take about seconds, after
// running the timer until the engine has compiled it at its top tier.
function calibrate(timer, seconds) {
  let iters = 1;
  for (;;) {
    const t = timer(iters);
    if (t >= seconds / 4) return Math.max(1, Math.round((iters * seconds) / t));
    iters *= t > 0 ? Math.min(16, Math.ceil(seconds / 4 / t)) : 16;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// bench measures every cell: both sides calibrated to seconds a round and
// warmed up, then rounds rounds, Go first in even rounds and libsodium.js
// first in odd ones; the cell's figures are the medians of the rounds:
// of each side's ops/s, and of the rounds' ratios.
// progress(i, n, cell) is called after each cell; yieldNow lets the page
// repaint between cells.
// clock, if given, times both sides (node.mjs passes the process's CPU
// time, which other processes on a shared machine do not inflate).
export async function bench(sodium, go, { rounds = 7, seconds = 0.05, clock, progress = () => {}, yieldNow = async () => {} } = {}) {
  const cells = [];
  for (const v of variants) for (const size of benchSizes) for (const op of ops) cells.push({ v, size, op });
  const out = [];
  for (const [i, { v, size, op }] of cells.entries()) {
    const sides = [
      { run: goTimer(go, v, op, size, clock), ops: [] },
      { run: sodiumTimer(sodium, v, op, size, clock), ops: [] },
    ];
    for (const s of sides) {
      calibrate(s.run, seconds / 2); // warm-up
      s.iters = calibrate(s.run, seconds);
    }
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? [sides[1], sides[0]] : sides;
      for (const s of order) s.ops.push(s.iters / s.run(s.iters));
    }
    const goOps = median(sides[0].ops), sodiumOps = median(sides[1].ops);
    const cell = {
      variant: variantName(v), size, op,
      go: { opsPerSec: goOps, mbPerSec: (goOps * size) / 1e6 },
      sodium: { opsPerSec: sodiumOps, mbPerSec: (sodiumOps * size) / 1e6 },
      roundRatios: sides[0].ops.map((x, k) => x / sides[1].ops[k]),
    };
    // The ratio of each round's pair, taken a few milliseconds apart,
    // is steadier on a shared machine than the ratio of the medians.
    cell.ratio = median(cell.roundRatios);
    out.push(cell);
    progress(i + 1, cells.length, cell);
    await yieldNow();
  }
  return out;
}

export const sizeName = (n) => (n >= 1 << 20 ? `${n >> 20} MiB` : n >= 1024 ? `${n >> 10} KiB` : `${n} B`);
const fmt = (x, d = 0) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });

// rows returns the speed table's rows as strings: variant, size, op, Go
// ops/s and MB/s, libsodium.js ops/s and MB/s, Go / libsodium.js.
export function rows(cells) {
  return cells.map((c) => [
    c.variant, sizeName(c.size), c.op,
    fmt(c.go.opsPerSec), fmt(c.go.mbPerSec, 1),
    fmt(c.sodium.opsPerSec), fmt(c.sodium.mbPerSec, 1),
    `${c.ratio.toFixed(2)}x`,
  ]);
}

export const header = ["variant", "size", "op", "Go ops/s", "Go MB/s", "libsodium.js ops/s", "libsodium.js MB/s", "Go / libsodium.js"];

// table formats the cells as aligned text.
export function table(cells) {
  const all = [header, ...rows(cells)];
  const w = header.map((_, j) => Math.max(...all.map((r) => r[j].length)));
  return all.map((r) => r.map((x, j) => (j < 3 ? x.padEnd(w[j]) : x.padStart(w[j]))).join("  ")).join("\n");
}

// run is the whole page: interop, then the speed table.
export async function run(sodium, go, opts = {}) {
  const t0 = performance.now();
  const res = { interop: interop(sodium, go) };
  opts.log?.(`interop: ${res.interop.cases} cases each way, ${res.interop.failures.length} failures`);
  res.implementation = Object.fromEntries(variants.map((v) => [variantName(v), go.implementation(v)]));
  res.sodiumVersion = sodium.sodium_version_string();
  res.bench = await bench(sodium, go, opts);
  res.seconds = (performance.now() - t0) / 1000;
  res.done = true;
  return res;
}
