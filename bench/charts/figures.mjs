#!/usr/bin/env node
// The ratios bench/README.md's target table and results/graphql-net.md quote, derived from the committed reports
// (never typed by hand, so a figure cannot outlive the run it came from):
//   node bench/charts/figures.mjs [results-dir]      (default bench/results)
// Each line names the report and the rows it divides. A report that is missing is skipped with a note.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLabel } from './tables.mjs';
import { instructionCounts } from './series.mjs';

const results = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'results');
const ratio = (a, b) => (a != null && b ? `${(a / b).toFixed(2)}x` : '-');
const count = (v) => (v == null ? '-' : v.toLocaleString('en-US', { maximumFractionDigits: 1 }));

function report(file, print) {
  const path = join(results, file);
  if (!existsSync(path)) {
    console.log(`(${file} is missing: skipped)\n`);
    return;
  }
  print(path);
  console.log();
}

report('instructions.md', (path) => {
  const c = instructionCounts(path);
  console.log(`instructions.md (${runLabel(path)}): GraphQL.NET's instructions per request over Popcorn's gateway's`);
  for (const query of ['small', 'nested-list', 'fragments', 'introspection']) {
    const net = c.get(`GraphQLRequest/${query}/GraphQLNet`);
    const popcorn = c.get(`GraphQLRequest/${query}/Popcorn`);
    console.log(`  ${query.padEnd(14)} ${ratio(net, popcorn).padStart(8)}   (${count(net)} / ${count(popcorn)})`);
  }
  const floor = c.get('GraphQLRequest/small/Floor');
  const small = c.get('GraphQLRequest/small/Popcorn');
  console.log(`  small request over its floor: ${ratio(small, floor)} (${count(small)} / ${count(floor)}); GraphQL.NET over the floor: ${ratio(c.get('GraphQLRequest/small/GraphQLNet'), floor)}`);
  console.log(`  gateway over REST (nested-list): ${ratio(c.get('GatewayVsRest/nested-list/Gateway'), c.get('GatewayVsRest/nested-list/Rest'))}`);
  console.log('  Popcorn_Full over Stj_SourceGen: ' + ['Simple', 'SimpleList100', 'Complex', 'ComplexList25']
    .map((p) => `${p} ${ratio(c.get(`Serialization/${p}/Popcorn_Full`), c.get(`Serialization/${p}/Stj_SourceGen`))}`).join(', '));
});

report('parse-vs-v8.md', (path) => {
  const c = instructionCounts(path);
  console.log(`parse-vs-v8.md (${runLabel(path)}): Popcorn.Query's include parse over Popcorn v8's, and a plan-cache hit over v8's parse`);
  for (const selection of ['Small', 'Typical', 'Medium', 'Deep', 'Stress']) {
    const ours = c.get(`Parsing/${selection}/Include`);
    const v8 = c.get(`Parsing/${selection}/PopcornV8`);
    const hit = c.get(`Plan/${selection}/CacheHit`);
    console.log(`  ${selection.padEnd(8)} parse ${ratio(ours, v8).padStart(6)} (${count(ours)} / ${count(v8)}), cache hit ${ratio(hit, v8).padStart(6)} (${count(hit)})`);
  }
});

report('diy-routes.md', (path) => {
  const c = instructionCounts(path);
  console.log(`diy-routes.md (${runLabel(path)}): a ?fields= route written without Popcorn, over Popcorn's (same bytes, 100 flat objects)`);
  for (const selection of ['Narrow', 'Full']) {
    const popcorn = c.get(`DiyRoute/${selection}/Popcorn`);
    const routes = ['LinqDynamic_Stj', 'Newtonsoft_ContractResolver'].map((r) => `${r} ${ratio(c.get(`DiyRoute/${selection}/${r}`), popcorn)}`);
    console.log(`  ${selection.padEnd(7)} ${routes.join(', ')}   (Popcorn ${count(popcorn)})`);
  }
  for (const selection of ['Narrow', 'Full']) {
    const popcorn = c.get(`ODataRoute/${selection}/Popcorn`);
    const odata = c.get(`ODataRoute/${selection}/OData`);
    if (popcorn != null && odata != null) {
      console.log(`  ${selection.padEnd(7)} OData, whole requests in process, ${ratio(odata, popcorn)}   (${count(odata)} / ${count(popcorn)})`);
    }
  }
});

report('graphql-net-cached.md', (path) => {
  const c = instructionCounts(path);
  console.log(`graphql-net-cached.md (${runLabel(path)}): GraphQL.NET without and with a document cache, over Popcorn's gateway (one run)`);
  for (const query of ['small', 'nested-list', 'fragments', 'introspection']) {
    const popcorn = c.get(`GraphQLRequest/${query}/Popcorn`);
    const net = c.get(`GraphQLRequest/${query}/GraphQLNet`);
    const cached = c.get(`GraphQLRequest/${query}/GraphQLNet_Cached`);
    console.log(`  ${query.padEnd(14)} uncached ${ratio(net, popcorn).padStart(7)}, cached ${ratio(cached, popcorn).padStart(7)}   (${count(net)} / ${count(cached)} / ${count(popcorn)})`);
  }
});

report('data-instructions.md', (path) => {
  const c = instructionCounts(path);
  console.log(`data-instructions.md (${runLabel(path)}): instructions per whole request over Popcorn's pushdown (EF Core, SQLite, 100 orders)`);
  for (const [selection, others] of [['Narrow', ['OData', 'Naive_IncludeCustomer']], ['Deep', ['OData', 'HandWritten_Select']]]) {
    const popcorn = c.get(`Data/${selection}/Popcorn`);
    console.log(`  ${selection.padEnd(7)} ${others.map((o) => `${o} ${ratio(c.get(`Data/${selection}/${o}`), popcorn)}`).join(', ')}   (Popcorn ${count(popcorn)})`);
  }
});

report('graphql-mutation.md', (path) => {
  const c = instructionCounts(path);
  const popcorn = c.get('GraphQLRequest/mutation/Popcorn');
  const net = c.get('GraphQLRequest/mutation/GraphQLNet');
  const cached = c.get('GraphQLRequest/mutation/GraphQLNet_Cached');
  console.log(`graphql-mutation.md (${runLabel(path)}): GraphQL.NET's instructions per mutation request over Popcorn's gateway's`);
  console.log(`  uncached ${ratio(net, popcorn)}, with a document cache ${ratio(cached, popcorn)}   (${count(net)} / ${count(cached)} / ${count(popcorn)})`);
});
