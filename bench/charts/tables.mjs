// Reads the markdown tables in bench/results/ (BenchmarkDotNet's GitHub exporter, instructions.md, http.md) into
// rows of named cells, so the charts are drawn from the committed files and nothing else.
import { readFileSync } from 'node:fs';

/** Every table in a markdown file, each as an array of { header: cell } rows (bold markers and padding removed). */
export function readTables(path) {
  const tables = [];
  let header = null;
  let rows = null;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.startsWith('|')) {
      if (rows) tables.push(rows);
      header = rows = null;
      continue;
    }
    const cells = line.slice(1, line.endsWith('|') ? -1 : undefined).split('|').map((c) => c.replaceAll('**', '').trim());
    if (!header) {
      header = cells;
      rows = [];
    } else if (!cells.every((c) => /^:?-*:?$/.test(c))) {
      rows.push(Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
    }
  }
  if (rows) tables.push(rows);
  return tables;
}

/** The first table that has every one of the named columns. */
export function tableWith(path, ...columns) {
  const table = readTables(path).find((t) => t.length > 0 && columns.every((c) => c in t[0]));
  if (!table) throw new Error(`${path}: no table with columns ${columns.join(', ')}`);
  return table;
}

/** A BenchmarkDotNet time ("1,139.6 ns", "21.3 μs", "2.1 ms") in nanoseconds. */
export function nanoseconds(text) {
  const match = /^([\d,.]+)\s*(ns|μs|us|ms|s)$/.exec(text.trim());
  if (!match) throw new Error(`not a time: ${text}`);
  const scale = { ns: 1, 'μs': 1e3, us: 1e3, ms: 1e6, s: 1e9 }[match[2]];
  return Number(match[1].replaceAll(',', '')) * scale;
}

/** A plain number with optional thousands separators. */
export function number(text) {
  const value = Number(String(text).replaceAll(',', ''));
  if (Number.isNaN(value)) throw new Error(`not a number: ${text}`);
  return value;
}

/** The report's "Date:" line (or BenchmarkDotNet's processor line), to label a chart with the run it shows. */
export function runLabel(path) {
  const text = readFileSync(path, 'utf8');
  const date = /Date:\s*(.+)/.exec(text);
  if (date) return date[1].trim();
  // BenchmarkDotNet's reports carry no date: name the processor line instead.
  const cpu = /BenchmarkDotNet v[\d.]+, .+\n(.+)/.exec(text);
  return cpu ? cpu[1].trim() : '';
}
