// Whether typing an enum field's where comparison by its enum (docs/graphql-syntax.md, "Enums in filters") breaks
// clients: graphql-js's own change detection, old SDL against new, and its validation of a document written for the
// old schema. The SDLs are what the gateway prints for the sample's Order before and after (the snapshot
// tests/Playground.Smoke.Tests/Snapshots/schema.graphql holds the new lines); validation.test.mjs checks against the
// running sample that the gateway still answers the old document, with a warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSchema, findBreakingChanges, findDangerousChanges, parse, validate } from 'graphql';

const before = `
type Query { orders(where: OrderFilter): [Order!]! }
type Order { id: Int! status: OrderStatus! }
enum OrderStatus { Open Shipped Delivered }
input OrderFilter { and: [OrderFilter!] or: [OrderFilter!] not: OrderFilter status: StringComparison }
input StringComparison { eq: String neq: String gt: String gte: String lt: String lte: String in: [String] contains: String startsWith: String endsWith: String mode: TextMatchMode }
enum TextMatchMode { SENSITIVE INSENSITIVE }
`;

const after = before
  .replace('status: StringComparison }', 'status: OrderStatusComparison }')
  + 'input OrderStatusComparison { eq: OrderStatus neq: OrderStatus in: [OrderStatus] }\n';

const oldDocument = '{ orders(where: {status: {eq: "Shipped"}}) { id } }';
const newDocument = '{ orders(where: {status: {eq: Shipped}}) { id } }';

test('the new SDL differs from the old only in the status comparison', () => {
  assert.match(after, /status: OrderStatusComparison \}/);
  assert.doesNotMatch(after, /status: StringComparison/);
});

test('graphql-js reports the typed comparison as a breaking change of the filter input', () => {
  const changes = findBreakingChanges(buildSchema(before), buildSchema(after));

  assert.deepEqual(changes.map((c) => [c.type, c.description]), [['FIELD_CHANGED_KIND', 'OrderFilter.status changed type from StringComparison to OrderStatusComparison.']]);
  assert.deepEqual(findDangerousChanges(buildSchema(before), buildSchema(after)), []);
});

test('a document written for the old schema fails graphql-js validation against the new one; its replacement passes', () => {
  const errors = validate(buildSchema(after), parse(oldDocument));

  assert.deepEqual(errors.map((e) => e.message), ['Enum "OrderStatus" cannot represent non-enum value: "Shipped". Did you mean the enum value "Shipped"?']);
  assert.deepEqual(validate(buildSchema(after), parse(newDocument)), []);
  assert.deepEqual(validate(buildSchema(before), parse(oldDocument)), []);
});
