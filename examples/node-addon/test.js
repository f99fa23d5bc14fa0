'use strict';
// examples/node-addon/test.js -- the addon against Node's own conversions.
//
//   node test.js [path/to/unilane_addon.node]
//
// Every result is compared with what Node itself gives for the same input:
// Buffer.toString('utf8') and TextDecoder (UTF-8 to string), buf.write and
// TextEncoder.encodeInto (string to UTF-8 in a buffer of every capacity),
// TextDecoder({stream: true}) and StringDecoder (chunked decoding, every
// split of short inputs). Inputs are hand-picked and pseudo-random (fixed
// seeds). Set UNILANE_KERNEL=scalar|avx2|avx512|neon to choose unilane's
// kernel set; the addon reports the one in use and the run fails if it is not
// the one asked for. Prints "node addon: kernel K: N checks passed".
const path = require('path');
const { StringDecoder } = require('string_decoder');
const { isUtf8 } = require('buffer');

const addonPath = process.argv[2] || path.join(__dirname, 'build', 'unilane_addon.node');
const addon = require(path.resolve(addonPath));

const kernel = addon.kernel();
const wanted = process.env.UNILANE_KERNEL;
if (wanted && wanted !== 'auto' && wanted !== kernel) {
  console.error(`UNILANE_KERNEL=${wanted} asked for, but the addon runs on ${kernel}`);
  process.exit(1);
}
// The test build of the addon (tests/node/addon_test.c, scripts/test_node.sh)
// can also say whether a check's unilane calls entered the kernel's own code:
// then every call goes to the kernel's entries whatever its length, and a
// check counts for the kernel only if the calls since the previous check
// entered them.
const counted = typeof addon.testSelect === 'function';
if (counted && !addon.testSelect(kernel)) {
  console.error(`test build: kernel ${kernel} cannot be selected`);
  process.exit(1);
}

// ---------------------------------------------------------------------------
// Checking

let checks = 0;
let failures = 0;
const clip = (t) => (t.length > 160 ? `${t.slice(0, 160)}...` : t);
const hex = (u8) => clip(Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength).toString('hex')) +
  ` (${u8.length} bytes)`;
const units = (s) => (s.startsWith('<threw') ? s : clip(Array.from({ length: Math.min(s.length, 60) },
  (_, i) => s.charCodeAt(i).toString(16).padStart(4, '0')).join(' ')) + ` (${s.length} units)`);
function check(ok, what, detail) {
  checks++;
  if (ok) {
    if (counted) addon.testPass();
    return;
  }
  failures++;
  if (failures <= 20) console.error(`MISMATCH ${what}: ${detail()}`);
}

// An exception from the addon is a mismatch like any other, reported with
// its input, and the run goes on.
function attempt(f) {
  try { return f(); } catch (e) { return `<threw: ${e.message}>`; }
}

// A documented difference of Node's own (not a unilane result): counted and
// reported, never a failure.
const notes = new Map();
function note(what) { notes.set(what, (notes.get(what) || 0) + 1); }

// ---------------------------------------------------------------------------
// Deterministic inputs

function rng(seed) {            // xorshift32
  let x = seed >>> 0 || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
}
const enc = (cp) => Buffer.from(String.fromCodePoint(cp), 'utf8');

// Code points at every width boundary, and ill-formed sequences of every kind.
const goodCps = [0x00, 0x41, 0x7f, 0x80, 0xa0, 0xe9, 0xff, 0x100, 0x3b1, 0x7ff, 0x800, 0x20ac,
  0xd7ff, 0xe000, 0xfeff, 0xfffd, 0xfffe, 0xffff, 0x10000, 0x1f600, 0x10ffff];
const badSeqs = [
  [0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xc2], [0xc2, 0x41], [0xe0, 0x80, 0x80],
  [0xe0, 0x9f, 0xbf], [0xe2, 0x82], [0xe2, 0x41], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf],
  [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80], [0xf0, 0x80, 0x80, 0x80], [0xf0, 0x8f, 0xbf, 0xbf],
  [0xf0, 0x9f, 0x98], [0xf0, 0x9f], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80], [0xfe], [0xff], [0xfe, 0xff], [0xff, 0xfe],
];
const bom = [0xef, 0xbb, 0xbf];

function byteInputs() {
  const out = [];
  const add = (a) => out.push(Uint8Array.from(a));
  add([]);
  add(bom); add([...bom, 0x41]); add([...bom, ...bom]); add([0x41, ...bom]);
  add([0]); add([0, 0, 0]); add([0x41, 0, 0x42]);
  const tokens = goodCps.map((c) => [...enc(c)]).concat(badSeqs);
  for (const t of tokens) add(t);
  for (const t of tokens) for (const u of tokens) add([...t, ...u]);
  // Each token in an ASCII (or Latin-1, or emoji) context at lengths around
  // the kernels' vector sizes and short-input thresholds, so that the SIMD
  // code (not only the scalar tail) sees it.
  const fills = [[0x61], [0xc3, 0xa9], [0xf0, 0x9f, 0x98, 0x80]];
  for (const t of tokens) {
    for (const fill of fills) {
      for (const before of [0, 15, 31, 32, 33, 63, 64, 65]) {
        const pre = []; while (pre.length < before) pre.push(...fill);
        const post = []; while (post.length < 70 - before) post.push(...fill);
        add([...pre.slice(0, before), ...t, ...post]);
        add([...pre, ...t]);
      }
    }
  }
  // Pseudo-random texts of each kind, lengths 0..~3000 and a few of 64 KiB.
  const r = rng(12);
  const kinds = [
    [0x20, 0x7f], [0x20, 0x100], [0x20, 0x800], [0x20, 0x10000], [0x20, 0x110000],
  ];
  for (let i = 0; i < 600; i++) {
    const [lo, hi] = kinds[i % kinds.length];
    const n = i < 500 ? r() % 300 : r() % 3000;
    const mostlyAscii = (i >> 3) & 1;
    const bytes = [];
    while (bytes.length < n) {
      const x = r();
      if (mostlyAscii && x % 8) { bytes.push(0x20 + (x >>> 8) % 0x5f); continue; }
      let cp = lo + (x >>> 4) % (hi - lo);
      if (cp >= 0xd800 && cp < 0xe000) cp = 0xfffd;
      bytes.push(...enc(cp));
      if ((i % 7) === 3 && x % 97 === 0) bytes.push(...badSeqs[(x >>> 7) % badSeqs.length]);
    }
    add(bytes);
  }
  for (let i = 0; i < 200; i++) {   // random bytes, and random bytes biased to UTF-8 leads
    const n = r() % 200;
    const bytes = [];
    for (let j = 0; j < n; j++) {
      const x = r();
      bytes.push(i & 1 ? x & 0xff : [0x41, 0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xff][x % 9]);
    }
    add(bytes);
  }
  for (const cp of [0x41, 0xe9, 0x20ac, 0x1f600]) {
    const one = enc(cp); const big = Buffer.alloc(65536 - (65536 % one.length));
    for (let j = 0; j < big.length; j += one.length) one.copy(big, j);
    if (cp !== 0x41) big[40000 - (40000 % one.length)] = 0xff;
    out.push(new Uint8Array(big));
  }
  return out;
}

function stringInputs(bytesList) {
  const out = ['', 'a', '\0', '\ufeff', '\ud800', '\udc00', 'a\ud800', '\ud800a', '\udc00\ud800',
    '\ud83d\ude00', '\ud83d\ude00\ud83d', 'x\ude00', '\u00e9', '\u00ff\u0100', '\u007f\u0080',
    '\uffff', '\ufffd', 'caf\u00e9 cr\u00e8me', '\u20ac\u00e9a\ud83d\ude00\ud800\u0000'];
  const r = rng(34);
  const pools = [[0, 0x80], [0, 0x100], [0x80, 0x800], [0, 0x10000], [0xd800, 0xe000]];
  for (let i = 0; i < 500; i++) {
    const n = i < 400 ? r() % 24 : r() % 2000;
    let s = '';
    for (let j = 0; j < n; j++) {
      const x = r();
      const [lo, hi] = pools[(i + (x & 1 ? 0 : (x >>> 1) % 5)) % 5];
      if (i % 5 === 3 && x % 5 === 0) s += String.fromCodePoint(0x10000 + (x >>> 3) % 0x100000);
      else s += String.fromCharCode(lo + (x >>> 3) % (hi - lo));
    }
    out.push(s);
  }
  for (const b of bytesList) if (b.length < 400) out.push(Buffer.from(b).toString('utf8'));
  out.push('a'.repeat(100000), '\u00e9'.repeat(50000), '\u20ac'.repeat(40000) + '\ud800');
  return out;
}

// ---------------------------------------------------------------------------
// UTF-8 -> string

const td = new TextDecoder('utf-8', { ignoreBOM: true }); // keep the BOM, as Buffer.toString
function widthOf(s) {                                     // of Node's own string
  let w = 'ascii';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c < 0xdc00) return 'astral';      // only pairs: Node's output is well formed
    if (c > 0xff) w = 'bmp';
    else if (c >= 0x80 && w === 'ascii') w = 'latin1';
  }
  return w;
}

function testToString(b) {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const node = buf.toString('utf8');
  const got = attempt(() => addon.toString(b));
  check(got === node, 'toString vs Buffer.toString', () => `${hex(b)}: got ${units(got)}, node ${units(node)}`);
  const t = td.decode(b);
  check(got === t, 'toString vs TextDecoder', () => `${hex(b)}: got ${units(got)}, TextDecoder ${units(t)}`);
  if (t !== node) note('Buffer.toString and TextDecoder(ignoreBOM) disagree');
  if (new TextDecoder().decode(b) !== node) note('TextDecoder() without ignoreBOM drops a leading BOM; Buffer.toString keeps it');
  const info = attempt(() => addon.inspect(b));
  check(info.utf16Length === node.length, 'inspect.utf16Length', () => `${hex(b)}: ${info.utf16Length} vs ${node.length}`);
  check(info.width === widthOf(node), 'inspect.width', () => `${hex(b)}: ${info.width} vs ${widthOf(node)}`);
  check((info.status === 'ok') === isUtf8(b), 'inspect.status vs buffer.isUtf8', () => `${hex(b)}: ${info.status}`);
  check((info.read === b.length) === (info.status === 'ok'), 'inspect.read', () => `${hex(b)}: ${info.read}`);
}

// ---------------------------------------------------------------------------
// string -> UTF-8 in a buffer

const te = new TextEncoder();
function writeOnce(s, cap, offset) {
  const CANARY = 8;
  const a = Buffer.alloc(offset + cap + CANARY, 0xa5);
  const n = a.write(s, offset, cap, 'utf8');
  const b = Buffer.alloc(offset + cap + CANARY, 0xa5);
  const r = attempt(() => addon.write(b, s, offset, cap));
  check(r.written === n, 'write: bytes written vs buf.write', () => `${units(s)} cap ${cap}: ${r.written} vs ${n}`);
  check(a.equals(b), 'write: buffer content vs buf.write (and canary)', () => `${units(s)} cap ${cap}: ${b.toString('hex')} vs ${a.toString('hex')}`);
  const e = te.encodeInto(s, new Uint8Array(cap));
  check(r.read === e.read && r.written === e.written, 'write: read/written vs TextEncoder.encodeInto',
    () => `${units(s)} cap ${cap}: ${r.read}/${r.written} vs ${e.read}/${e.written}`);
  if (e.written !== n) note('buf.write and encodeInto write different byte counts');
}

// The short forms: write(u8, str) fills u8 from its start, write(u8, str,
// offset) from offset to its end.
function writeShort(s, size, offset) {
  const a = Buffer.alloc(size, 0xa5);
  const n = offset === undefined ? a.write(s) : a.write(s, offset);
  const b = Buffer.alloc(size, 0xa5);
  const r = attempt(() => (offset === undefined ? addon.write(b, s) : addon.write(b, s, offset)));
  check(r.written === n && a.equals(b), 'write(u8, str[, offset]) vs buf.write(str[, offset])',
    () => `${units(s)} size ${size} offset ${offset}: ${r.written} ${b.toString('hex')} vs ${n} ${a.toString('hex')}`);
}

function testWrite(s) {
  const full = Buffer.byteLength(s, 'utf8');
  if (s.length <= 64) {
    for (let cap = 0; cap <= full + 2; cap++) writeOnce(s, cap, cap % 3);
    for (let size = 0; size <= full + 1; size++) writeShort(s, size, undefined);
    for (let off = 0; off <= Math.min(3, full + 2); off++) writeShort(s, full + 2, off);
  } else {
    for (const cap of [0, 1, 2, 3, 4, full >> 1, full - 3, full - 2, full - 1, full, full + 1]) {
      if (cap >= 0) writeOnce(s, cap, 0);
    }
  }
}

// ---------------------------------------------------------------------------
// Streaming

function decodeChunks(b, cuts) {
  const chunks = [];
  let at = 0;
  for (const c of cuts) { chunks.push(b.subarray(at, c)); at = c; }
  chunks.push(b.subarray(at));
  const d = new addon.Utf8Decoder();
  const t = new TextDecoder('utf-8', { ignoreBOM: true });
  const sd = new StringDecoder('utf8');
  const mine = chunks.map((c) => attempt(() => d.write(c)));
  const theirs = chunks.map((c) => t.decode(c, { stream: true }));
  const sds = chunks.map((c) => sd.write(Buffer.from(c.buffer, c.byteOffset, c.byteLength)));
  mine.push(attempt(() => d.end())); theirs.push(t.decode()); sds.push(sd.end());
  const what = () => `${hex(b)} cut at ${cuts.join(',')}: got ${JSON.stringify(mine)}, ` +
    `TextDecoder ${JSON.stringify(theirs)}, StringDecoder ${JSON.stringify(sds)}`;
  for (let i = 0; i < mine.length; i++) {
    check(mine[i] === theirs[i], 'Utf8Decoder per call vs TextDecoder({stream: true})', what);
  }
  check(mine.join('') === sds.join(''), 'Utf8Decoder output vs StringDecoder', what);
  for (let i = 0; i < mine.length; i++) {
    if (mine[i] !== sds[i]) { note('StringDecoder emits a U+FFFD one call later than TextDecoder (same total)'); break; }
  }
}

function testDecoder(b, r) {
  const n = b.length;
  if (n <= 10) {                               // every split into chunks
    for (let mask = 0; mask < 1 << Math.max(n - 1, 0); mask++) {
      const cuts = [];
      for (let i = 1; i < n; i++) if (mask & (1 << (i - 1))) cuts.push(i);
      decodeChunks(b, cuts);
    }
  } else {                                     // every 2-way split of the first 40 bytes, random splits
    for (let c = 0; c <= Math.min(n, 40); c++) decodeChunks(b, [c]);
    for (let k = 0; k < 3; k++) {
      const cuts = [];
      let at = 0;
      while (at < n) { at += r() % Math.min(n, 70); cuts.push(Math.min(at, n)); }
      decodeChunks(b, cuts);
    }
  }
  // end(buf) is write(buf) then end(), as StringDecoder's.
  const d = new addon.Utf8Decoder();
  const sd = new StringDecoder('utf8');
  const h = n >> 1;
  const got = attempt(() => d.write(b.subarray(0, h)) + d.end(b.subarray(h)));
  const want = sd.write(Buffer.from(b.subarray(0, h))) + sd.end(Buffer.from(b.subarray(h)));
  check(got === want, 'Utf8Decoder.end(buf) vs StringDecoder.end(buf)', () => `${hex(b)}: ${units(got)} vs ${units(want)}`);
}

// ---------------------------------------------------------------------------

const bytesList = byteInputs();
for (const b of bytesList) testToString(b);
const r = rng(56);
for (const b of bytesList) if (b.length <= 4096) testDecoder(b, r);
for (const s of stringInputs(bytesList)) testWrite(s);

for (const [what, n] of notes) console.log(`  node: ${what} (${n} cases)`);
if (failures) {
  console.error(`node addon: kernel ${kernel}: ${failures} of ${checks} checks FAILED`);
  process.exit(1);
}
console.log(`node addon: kernel ${kernel}: ${checks} checks passed (node ${process.version}, unilane ${addon.version()})`);
if (counted) {
  const [reached, unreached] = addon.testCounts();
  console.log(`node addon: kernel ${kernel}: ${reached} checks passed on calls that entered its code, ` +
    `${unreached} not reached (entries entered: ${addon.testEntered().join(' ')})`);
  if (reached === 0) process.exit(1);
}
