// A flood of never-seen query shapes against a running playground, beside one client asking for a shape the server
// already knows: how many of each are answered, and what the known client waits. Used by new-shapes.sh.
// node new-shapes.mjs BASE SECONDS FLOODERS [SEED]
const [base, seconds = '20', flooders = '6', seed = '1'] = process.argv.slice(2);
const end = Date.now() + Number(seconds) * 1000;

// Deterministic shapes: orders -> lines -> product, and customer -> orders again, to depth 4; each a new set of
// product fields and aliases-free nesting, so EF Core compiles every one once (argument values would not make new shapes).
let state = Number(seed) >>> 0;
const random = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
const fields = ['id', 'sku', 'name', 'price'];
const product = () => 'product[' + fields.filter(() => random() < 0.5).concat('id').filter((f, i, a) => a.indexOf(f) === i).join(',') + ']';
const level = d => d === 0 ? `orders(first:1)[lines(first:1)[${product()}]]` : `orders(first:1)[lines(first:1)[${product()}],customer[${level(d - 1)}]]`;
const seen = new Set();
const fresh = () => { for (;;) { const s = '[' + level(3) + ']'; if (!seen.has(s)) { seen.add(s); return s; } } };
const known = '[' + level(3) + ']';
seen.add(known);

const get = async selection => {
  const started = performance.now();
  const response = await fetch(`${base}/api/store/customers?include=${encodeURIComponent(selection)}`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started, retryAfter: response.headers.get('retry-after') };
};

const first = await get(known); // compiles the known shape before the flood
if (first.status !== 200) throw new Error(`known shape answered ${first.status}`);

const novel = { ok: 0, busy: 0, other: 0, retryAfter: new Set() };
const flood = async () => {
  while (Date.now() < end) {
    const r = await get(fresh());
    if (r.status === 200) novel.ok++; else if (r.status === 503) { novel.busy++; novel.retryAfter.add(r.retryAfter); } else novel.other++;
  }
};
const latencies = [];
const knownClient = async () => {
  while (Date.now() < end) {
    const r = await get(known);
    if (r.status !== 200) throw new Error(`known shape answered ${r.status} during the flood`);
    latencies.push(r.ms);
  }
};
await Promise.all([knownClient(), ...Array.from({ length: Number(flooders) }, flood)]);
latencies.sort((a, b) => a - b);
const pct = p => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
console.log(JSON.stringify({
  seconds: Number(seconds), flooders: Number(flooders),
  known: { answered: latencies.length, p50ms: pct(0.5), p95ms: pct(0.95), maxms: latencies.at(-1).toFixed(1) },
  novel: { answered: novel.ok, refused503: novel.busy, other: novel.other, retryAfter: [...novel.retryAfter] },
}));
