// Whether typing a date field's where comparison by its scalar (docs/graphql-syntax.md, "Dates in filters") breaks
// clients: graphql-js's change detection, old SDL against new, and its validation of documents written for the old
// schema. The SDLs are what the gateway prints for the sample's Order before and after (the snapshot
// tests/Playground.Smoke.Tests/Snapshots/schema.graphql holds the new lines); DateFilterTests checks that the gateway
// still answers the old forms.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSchema, findBreakingChanges, parse, validate } from 'graphql';

const before = `
scalar IsoDateTime
type Query { orders(where: OrderFilter): [Order!]! }
type Order { id: Int! placedAt: IsoDateTime! }
input OrderFilter { and: [OrderFilter!] or: [OrderFilter!] not: OrderFilter placedAt: StringComparison }
input StringComparison { eq: String neq: String gt: String gte: String lt: String lte: String in: [String] contains: String startsWith: String endsWith: String mode: TextMatchMode }
enum TextMatchMode { SENSITIVE INSENSITIVE }
`;

const after = before
  .replace('placedAt: StringComparison }', 'placedAt: IsoDateTimeComparison }')
  + 'input IsoDateTimeComparison { eq: IsoDateTime neq: IsoDateTime gt: IsoDateTime gte: IsoDateTime lt: IsoDateTime lte: IsoDateTime in: [IsoDateTime] }\n';

test('graphql-js reports the typed comparison as a breaking change of the filter input', () => {
  const changes = findBreakingChanges(buildSchema(before), buildSchema(after));

  assert.deepEqual(changes.map((c) => [c.type, c.description]), [['FIELD_CHANGED_KIND', 'OrderFilter.placedAt changed type from StringComparison to IsoDateTimeComparison.']]);
});

test('an old document with a date string literal still validates in graphql-js; a String variable there does not', () => {
  const schema = buildSchema(after);

  // graphql-js validates a custom scalar's literal without reading it, so even the deprecated form passes build-time validation.
  assert.deepEqual(validate(schema, parse('{ orders(where: {placedAt: {gt: "01/05/2026"}}) { id } }')), []);
  assert.deepEqual(validate(schema, parse('query($d: IsoDateTime) { orders(where: {placedAt: {gt: $d}}) { id } }')), []);
  assert.deepEqual(
    validate(schema, parse('query($d: String) { orders(where: {placedAt: {gt: $d}}) { id } }')).map((e) => e.message),
    ['Variable "$d" of type "String" used in position expecting type "IsoDateTime".']);
});
