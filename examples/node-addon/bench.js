'use strict';
// examples/node-addon/bench.js -- string creation from UTF-8: the addon's
// toString (unilane_utf8_inspect_lossy, then one conversion, then
// napi_create_string_latin1/utf16) against Node's Buffer.toString('utf8')
// and TextDecoder.decode, at 16 B, 1 KiB and 1 MiB of ASCII, accented
// (Latin-1) and emoji text. Not part of the test command.
//
//   node bench.js [path/to/unilane_addon.node] [--ms N]
//   node bench.js [path/to/unilane_addon.node] --run METHOD SIZE KIND CALLS
//
// --run makes CALLS calls of one method (addon, buffer, textdecoder) on 4
// buffers and nothing else: bench_icount.sh runs it under callgrind for
// instruction counts, which the load of a shared machine does not disturb.
//
// Fresh inputs: every call takes the next of many distinct buffers (about
// 32 MiB in all for the large size, 4096 buffers for the small ones), so no
// call sees the bytes of the call before. Each cell is the best and the
// median of 7 rounds of >= N ms of CPU time (default 150) per method,
// methods interleaved round by round; ns per call and GB/s of input.
const path = require('path');

const args = process.argv.slice(2);
let ms = 150;
const msAt = args.indexOf('--ms');
if (msAt >= 0) { ms = Number(args[msAt + 1]); args.splice(msAt, 2); }
let run = null;
const runAt = args.indexOf('--run');
if (runAt >= 0) { run = args.slice(runAt + 1, runAt + 5); args.splice(runAt, 5); }
const addon = require(path.resolve(args[0] || path.join(__dirname, 'build', 'unilane_addon.node')));

function rng(seed) {            // xorshift32
  let x = seed >>> 0 || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
}

// Text of exactly `size` bytes: words of ASCII letters, with (accented) about
// one letter in 12 replaced by a Latin-1 letter, or (emoji) about one word in
// 3 followed by an emoji; padded with ASCII to the exact size.
const accents = Array.from('éèêàçôûüöäßñÉÀ');
const emoji = Array.from('😀😂🥰👍🎉🚀🌍🔥💡✅'); // U+2705 is BMP; the rest astral
function text(kind, size, r) {
  const parts = [];
  let n = 0;
  while (n < size) {
    let w = '';
    const len = 2 + r() % 8;
    for (let i = 0; i < len; i++) {
      if (kind === 'accented' && r() % 12 === 0) w += accents[r() % accents.length];
      else w += String.fromCharCode(0x61 + r() % 26);
    }
    if (kind === 'emoji' && r() % 3 === 0) w += emoji[r() % emoji.length];
    w += ' ';
    const b = Buffer.byteLength(w);
    if (n + b > size) break;
    parts.push(w);
    n += b;
  }
  const s = parts.join('') + 'x'.repeat(size - n);
  const buf = Buffer.from(s, 'utf8');
  if (buf.length !== size) throw new Error('text size');
  return buf;
}

const td = new TextDecoder();
const methods = {
  'addon.toString': (b) => addon.toString(b),
  'Buffer.toString': (b) => b.toString('utf8'),
  'TextDecoder': (b) => td.decode(b),
};

let sink = 0;
if (run) {
  const [m, size, kind, calls] = run;
  const want = process.env.UNILANE_KERNEL;
  if (want && want !== 'auto' && want !== addon.kernel()) {
    console.error(`UNILANE_KERNEL=${want} asked for, but the addon runs on ${addon.kernel()}`);
    process.exit(1);
  }
  const fn = { addon: methods['addon.toString'], buffer: methods['Buffer.toString'],
    textdecoder: methods.TextDecoder }[m];
  const r = rng(Number(size) * 7 + kind.length);
  const bufs = Array.from({ length: 4 }, () => text(kind, Number(size), r));
  for (let i = 0; i < Number(calls); i++) sink += fn(bufs[i & 3]).length;
  process.exit(sink === 0.5 ? 1 : 0);
}
// CPU time of the process (user + system, all threads: the GC's too), not
// wall time: on a shared machine the time spent descheduled is not counted.
const cpuNs = () => { const u = process.cpuUsage(); return (u.user + u.system) * 1000; };
function round(fn, bufs, minMs) {
  const limit = minMs * 1e6;
  let calls = 0;
  const t0 = cpuNs();
  let t;
  do {
    for (let i = 0; i < bufs.length; i++) sink += fn(bufs[i]).length;
    calls += bufs.length;
    t = cpuNs() - t0;
  } while (t < limit);
  return t / calls;
}

const sizes = [[16, '16 B'], [1024, '1 KiB'], [1 << 20, '1 MiB']];
const kinds = ['ascii', 'accented', 'emoji'];
console.log(`node ${process.version}, unilane ${addon.version()} kernel ${addon.kernel()}, ` +
  `${require('os').cpus()[0].model}`);
console.log('| size | text | addon.toString ns (GB/s) | Buffer.toString ns (GB/s) | TextDecoder ns (GB/s) | addon / Buffer.toString |');
console.log('|---|---|---|---|---|---|');
for (const [size, label] of sizes) {
  for (const kind of kinds) {
    const r = rng(size * 7 + kind.length);
    const count = Math.min(4096, Math.max(32, Math.floor((32 << 20) / size)));
    const bufs = Array.from({ length: count }, () => text(kind, size, r));
    for (const b of bufs.slice(0, 8)) {               // same strings, or the row means nothing
      if (addon.toString(b) !== b.toString('utf8')) throw new Error(`mismatch ${kind} ${size}`);
    }
    const res = {};
    for (const m in methods) { res[m] = []; round(methods[m], bufs, 20); } // warm up
    for (let k = 0; k < 7; k++) {
      for (const m in methods) res[m].push(round(methods[m], bufs, ms));
    }
    const cell = {};
    for (const m in methods) {
      const v = res[m].slice().sort((a, b) => a - b);
      cell[m] = { best: v[0], median: v[3] };
    }
    const fmt = (c) => {
      const ns = c.best < 100 ? c.best.toFixed(1) : c.best < 10000 ? c.best.toFixed(0) : (c.best / 1000).toFixed(0) + 'k';
      return `${ns} (${(size / c.best).toFixed(2)}; median ${(size / c.median).toFixed(2)})`;
    };
    const ratio = cell['Buffer.toString'].best / cell['addon.toString'].best;
    console.log(`| ${label} | ${kind} | ${fmt(cell['addon.toString'])} | ${fmt(cell['Buffer.toString'])} | ` +
      `${fmt(cell['TextDecoder'])} | ${ratio.toFixed(2)}x |`);
  }
}
if (sink === 0.5) console.log(sink);
