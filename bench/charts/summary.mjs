#!/usr/bin/env node
// Prints the comparison the charts draw, as text tables, from BenchmarkDotNet reports in a folder (bench/quick.sh
// passes its fresh run; bench/results works too):
//   node bench/charts/summary.mjs DIR
// Reads <anything>SerializationBenchmarks-report-github.md / SerializationBenchmarks.md, the parsing, the
// GraphQLEngineBenchmarks, DiyRouteBenchmarks and ODataRouteBenchmarks equivalents.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as series from './series.mjs';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: summary.mjs DIR');
  process.exit(2);
}

const find = (suite) => readdirSync(dir).map((f) => join(dir, f)).find((f) => f.endsWith(`${suite}-report-github.md`) || f.endsWith(`${suite}.md`));
const pad = (text, width) => String(text).padStart(width);
const cell = (v, digits = 2, suffix = 'x') => (v == null ? '-' : `${v.toFixed(digits)}${suffix}`);
const time = (ns) => (ns == null ? '-' : ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e4 ? `${(ns / 1e3).toFixed(2)} us` : `${ns.toFixed(1)} ns`);

const serialization = find('SerializationBenchmarks');
if (serialization) {
  console.log('\nSerialization: mean time relative to Stj_SourceGen (System.Text.Json source-generated fast path; lower is faster)\n');
  console.log(`${'payload'.padEnd(15)}${series.serializationRows.map((r) => pad(r, 17)).join('')}`);
  for (const group of series.serializationTimeRatios(serialization)) {
    console.log(`${group.label.padEnd(15)}${group.values.map((v) => pad(cell(v), 17)).join('')}`);
  }
}

const parsing = find('ParsingBenchmarks');
if (parsing) {
  console.log('\nParsing: mean time per parse, same tree in both syntaxes\n');
  console.log(`${'selection'.padEnd(15)}${pad('Include', 14)}${pad('GraphQL', 14)}${pad('GraphQL/Include', 18)}`);
  for (const group of series.parseTimes(parsing)) {
    const [include, graphQL] = group.values;
    console.log(`${group.label.padEnd(15)}${pad(time(include), 14)}${pad(time(graphQL), 14)}${pad(include && graphQL ? cell(graphQL / include) : '-', 18)}`);
  }
}

const graphQL = find('GraphQLEngineBenchmarks');
if (graphQL) {
  console.log('\nGraphQL: one whole request in process, GraphQL.NET 8.8.5 (without and with a document cache) against Popcorn\'s gateway (same schema, data and body)\n');
  console.log(`${'query'.padEnd(15)}${pad('GraphQL.NET', 14)}${pad('cached', 14)}${pad('Popcorn', 14)}${pad('GraphQL.NET/Popcorn', 22)}${pad('cached/Popcorn', 17)}`);
  for (const group of series.graphQLEngineTimes(graphQL)) {
    const [net, cached, popcorn] = group.values;
    const over = (v) => (v && popcorn ? cell(v / popcorn) : '-');
    console.log(`${group.label.padEnd(15)}${pad(time(net), 14)}${pad(time(cached), 14)}${pad(time(popcorn), 14)}${pad(over(net), 22)}${pad(over(cached), 17)}`);
  }
}

const routes = find('DiyRouteBenchmarks');
if (routes) {
  console.log('\nA ?fields= route without Popcorn: mean time per request over Popcorn\'s (100 flat objects, same bytes)\n');
  console.log(`${'selection'.padEnd(15)}${pad('Popcorn', 14)}${pad('LinqDynamic_Stj', 18)}${pad('Newtonsoft', 14)}`);
  for (const group of series.diyRouteTimes(routes)) {
    const [popcorn, linq, newtonsoft] = group.values;
    const over = (v) => (v && popcorn ? cell(v / popcorn) : '-');
    console.log(`${group.label.padEnd(15)}${pad(time(popcorn), 14)}${pad(over(linq), 18)}${pad(over(newtonsoft), 14)}`);
  }
}

// OData's route is a whole request (its query filter, result and serializer) against Popcorn's whole request, not the
// projection and writing the ?fields= routes above are timed on, so its ratio gets its own table.
const odata = find('ODataRouteBenchmarks');
if (odata) {
  console.log('\nASP.NET Core OData 9.5 over the same objects: mean time per whole request in process over Popcorn\'s (same rows, no server)\n');
  console.log(`${'selection'.padEnd(15)}${pad('Popcorn', 14)}${pad('OData', 14)}${pad('OData/Popcorn', 16)}`);
  for (const group of series.odataRouteTimes(odata)) {
    const [popcorn, od] = group.values;
    console.log(`${group.label.padEnd(15)}${pad(time(popcorn), 14)}${pad(time(od), 14)}${pad(od && popcorn ? cell(od / popcorn) : '-', 16)}`);
  }
}

if (!serialization && !parsing && !graphQL && !routes && !odata) {
  console.error(`no BenchmarkDotNet reports in ${dir}`);
  process.exit(1);
}
