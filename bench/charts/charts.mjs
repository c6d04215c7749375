#!/usr/bin/env node
// Draws the charts bench/README.md opens with, from the committed results only:
//   node bench/charts/charts.mjs [results-dir]      (default bench/results; writes *.svg next to the reports)
// A report that is missing is skipped with a note, so a partial results folder still gets the charts it can.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLabel } from './tables.mjs';
import { groupedBars, horizontalBars } from './svg.mjs';
import * as series from './series.mjs';

const results = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

const charts = [
  {
    file: 'serialization-time.svg',
    from: 'SerializationBenchmarks.md',
    draw: (path) => groupedBars({
      title: 'Serialization time relative to System.Text.Json source-generated (lower is faster)',
      subtitle: `BenchmarkDotNet mean per payload, ${runLabel(path)}; dashed line = Stj_SourceGen`,
      yLabel: 'time / Stj_SourceGen',
      groups: series.serializationTimeRatios(path),
      series: series.serializationRows,
      reference: 1,
      valueSuffix: 'x',
    }),
  },
  {
    file: 'serialization-instructions.svg',
    from: 'instructions.md',
    draw: (path) => groupedBars({
      title: 'Serialization instructions relative to System.Text.Json source-generated (lower is less work)',
      subtitle: `callgrind, instructions per operation in tier-1 code, ${runLabel(path)}; independent of machine load`,
      yLabel: 'instructions / Stj_SourceGen',
      groups: series.serializationInstructionRatios(path),
      series: series.serializationRows,
      reference: 1,
      valueSuffix: 'x',
    }),
  },
  {
    file: 'parsing-time.svg',
    from: 'ParsingBenchmarks.md',
    draw: (path) => groupedBars({
      title: 'Parse time per selection and syntax',
      subtitle: `BenchmarkDotNet mean, same tree in both syntaxes, ${runLabel(path)}`,
      yLabel: 'nanoseconds per parse',
      groups: series.parseTimes(path),
      series: series.syntaxes,
    }),
  },
  {
    file: 'parsing-instructions.svg',
    from: 'instructions.md',
    draw: (path) => groupedBars({
      title: 'Parse instructions per selection and syntax',
      subtitle: `callgrind, instructions per parse in tier-1 code, ${runLabel(path)}`,
      yLabel: 'instructions per parse',
      groups: series.parseInstructions(path),
      series: series.syntaxes,
    }),
  },
  {
    file: 'http-requests.svg',
    from: 'http.md',
    draw: (path) => horizontalBars({
      title: 'HTTP requests per second per endpoint (higher is better)',
      subtitle: `wrk on loopback against bench/Popcorn.Bench.Host, ${runLabel(path)}${readFileSync(path, 'utf8').includes('A short run') ? ', a short run (indicative only)' : ''}; machine load in http.md`,
      sections: series.httpRequests(path),
      valueLabel: 'requests/s (ratio to the plain endpoint of the same data, bytes per response)',
    }),
  },
  {
    file: 'graphql-requests.svg',
    from: 'graphql-http.md',
    draw: (path) => horizontalBars({
      title: 'GraphQL requests per second: Popcorn\'s gateway vs GraphQL.NET, and the gateway vs REST (higher is better)',
      subtitle: `wrk on loopback against bench/Popcorn.Bench.Host, ${runLabel(path)}; machine load in graphql-http.md`,
      sections: series.graphqlRequests(path),
      valueLabel: 'requests/s (bytes per response)',
    }),
  },
];

let drawn = 0;
for (const chart of charts) {
  const path = join(results, chart.from);
  if (!existsSync(path)) {
    console.log(`skipped ${chart.file}: ${chart.from} is missing`);
    continue;
  }
  writeFileSync(join(results, chart.file), chart.draw(path));
  console.log(`wrote ${join(results, chart.file)}`);
  drawn++;
}
process.exit(drawn > 0 ? 0 : 1);
