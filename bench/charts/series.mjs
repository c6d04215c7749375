// Turns the committed result tables into the numbers the charts and the quick summary show.
import { nanoseconds, number, tableWith } from './tables.mjs';

export const payloads = ['Simple', 'SimpleList100', 'Complex', 'ComplexList25'];
export const serializationRows = ['Stj_Reflection', 'Stj_SourceGen', 'Popcorn_Default', 'Popcorn_All', 'Popcorn_Full', 'Popcorn_Custom'];
export const selections = ['Small', 'Typical', 'Medium', 'Deep', 'Stress'];
export const syntaxes = ['Include', 'GraphQL'];

/** Mean time of every serialization row over Stj_SourceGen's, per payload (BenchmarkDotNet report). */
export function serializationTimeRatios(path) {
  const table = tableWith(path, 'Method', 'Payload', 'Mean');
  const mean = (method, payload) => {
    const row = table.find((r) => r.Method === method && r.Payload === payload);
    return row ? nanoseconds(row.Mean) : null;
  };
  return payloads.map((payload) => ({
    label: payload,
    values: serializationRows.map((method) => {
      const value = mean(method, payload);
      const base = mean('Stj_SourceGen', payload);
      return value != null && base ? value / base : null;
    }),
  }));
}

/** Instructions per operation of every serialization row over Stj_SourceGen's, per payload (instructions.md, run 1). */
export function serializationInstructionRatios(path) {
  const count = instructionCounts(path);
  return payloads.map((payload) => ({
    label: payload,
    values: serializationRows.map((method) => {
      const value = count.get(`Serialization/${payload}/${method}`);
      const base = count.get(`Serialization/${payload}/Stj_SourceGen`);
      return value != null && base ? value / base : null;
    }),
  }));
}

/** Mean parse time in nanoseconds per selection and syntax (BenchmarkDotNet report). */
export function parseTimes(path) {
  const table = tableWith(path, 'Method', 'Selection', 'Mean');
  return selections.map((selection) => ({
    label: selection,
    values: syntaxes.map((method) => {
      const row = table.find((r) => r.Method === method && r.Selection === selection);
      return row ? nanoseconds(row.Mean) : null;
    }),
  }));
}

/** Mean time of one whole GraphQL request per query, GraphQL.NET then Popcorn (GraphQLEngineBenchmarks' report). */
export function graphQLEngineTimes(path) {
  const table = tableWith(path, 'Method', 'Query', 'Mean');
  return [...new Set(table.map((r) => r.Query))].map((query) => ({
    label: query,
    values: ['GraphQLNet', 'GraphQLNet_Cached', 'Popcorn'].map((method) => {
      const row = table.find((r) => r.Method === method && r.Query === query);
      return row ? nanoseconds(row.Mean) : null;
    }),
  }));
}

/** Mean time per request of the do-it-yourself routes and Popcorn's, per selection (DiyRouteBenchmarks). */
export function diyRouteTimes(path) {
  const table = tableWith(path, 'Method', 'Selection', 'Mean');
  return [...new Set(table.map((r) => r.Selection))].map((selection) => ({
    label: selection,
    values: ['Popcorn', 'LinqDynamic_Stj', 'Newtonsoft_ContractResolver'].map((method) => {
      const row = table.find((r) => r.Method === method && r.Selection === selection);
      return row ? nanoseconds(row.Mean) : null;
    }),
  }));
}

/** Mean time per whole in-process request of Popcorn's route and OData's over the same objects, per selection (ODataRouteBenchmarks). */
export function odataRouteTimes(path) {
  const table = tableWith(path, 'Method', 'Selection', 'Mean');
  return [...new Set(table.map((r) => r.Selection))].map((selection) => ({
    label: selection,
    values: ['Popcorn', 'OData'].map((method) => {
      const row = table.find((r) => r.Method === method && r.Selection === selection);
      return row ? nanoseconds(row.Mean) : null;
    }),
  }));
}

/** Instructions per parse per selection and syntax (instructions.md, run 1). */
export function parseInstructions(path) {
  const count = instructionCounts(path);
  return selections.map((selection) => ({
    label: selection,
    values: syntaxes.map((method) => count.get(`Parsing/${selection}/${method}`) ?? null),
  }));
}

/** Requests per second per endpoint, grouped by data set (http.md). */
export function httpRequests(path) {
  const table = tableWith(path, 'Data', 'Endpoint', 'Requests/s');
  const sections = [];
  for (const row of table) {
    let section = sections.find((s) => s.heading === row.Data);
    if (!section) sections.push((section = { heading: row.Data, rows: [] }));
    section.rows.push({ label: row.Endpoint, value: number(row['Requests/s']), note: `${row['vs plain']}, ${number(row['Bytes/response']).toLocaleString('en-US')} B` });
  }
  return sections;
}

/** GraphQL requests per second, each pair of engines (or REST and the gateway) under its case (graphql-http.md). */
export function graphqlRequests(path) {
  const table = tableWith(path, 'Case', 'A', 'A req/s (mean of 2)', 'B', 'B req/s (mean of 2)', 'B / A');
  return table.map((row) => ({
    heading: `${row.Case}: ${row.B} / ${row.A} = ${row['B / A']}`,
    rows: [
      { label: row.A, value: number(row['A req/s (mean of 2)']), note: `${number(row['A bytes']).toLocaleString('en-US')} B` },
      { label: row.B, value: number(row['B req/s (mean of 2)']), note: `${number(row['B bytes']).toLocaleString('en-US')} B` },
    ],
  }));
}

/** Run 1 of every case of an instruction report (instructions.md, parse-vs-v8.md), per operation. */
export function instructionCounts(path) {
  const table = tableWith(path, 'Case', 'Run 1');
  return new Map(table.filter((r) => r['Run 1'] !== '-').map((r) => [r.Case, number(r['Run 1'])]));
}
