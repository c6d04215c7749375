// Whether typing list elements non-null (docs/graphql-syntax.md, "List element types") breaks a client: graphql-js's
// own change detection, old SDL against new. The two SDLs are what the gateway prints for the same model before and
// after the rule (tests/Popcorn.Server.Tests/Gateway/Schema/ListElementTypesTests.cs holds the new lines): value-type
// scalars, then strings and models declared non-null whose type cannot reach itself; a model in a cycle stays nullable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSchema, findBreakingChanges, findDangerousChanges } from 'graphql';

const before = `
type Query { sensors: [Sensor!]! }
type Sensor {
  id: Int!
  samples: [Int]!
  gaps: [Int]!
  levels: [SensorLevel]!
  tags: [String]!
  notes: [String]!
  readings(first: Int, skip: Int): [Reading]!
  neighbours(first: Int, skip: Int): [Sensor]!
}
type Reading { value: Int! unit: String! labels: [String]! }
enum SensorLevel { Low High }
`;

const after = before
  .replace('samples: [Int]!', 'samples: [Int!]!')
  .replace('levels: [SensorLevel]!', 'levels: [SensorLevel!]!')
  .replace('tags: [String]!', 'tags: [String!]!')
  .replace('[Reading]!', '[Reading!]!')
  .replace('labels: [String]!', 'labels: [String!]!');

test('the new SDL differs from the old only in the five element types', () => {
  assert.notEqual(after, before);
  assert.match(after, /samples: \[Int!\]!/);
  assert.match(after, /levels: \[SensorLevel!\]!/);
  assert.match(after, /tags: \[String!\]!/);
  assert.match(after, /\): \[Reading!\]!/);
  assert.match(after, /labels: \[String!\]!/);
  assert.match(after, /notes: \[String\]!/);
  assert.match(after, /\): \[Sensor\]!/);
});

test('non-null elements on output fields are neither breaking nor dangerous for clients', () => {
  const [oldSchema, newSchema] = [buildSchema(before), buildSchema(after)];

  assert.deepEqual(findBreakingChanges(oldSchema, newSchema), []);
  assert.deepEqual(findDangerousChanges(oldSchema, newSchema), []);
});

test('the reverse (non-null elements made nullable again) would be breaking', () => {
  const changes = findBreakingChanges(buildSchema(after), buildSchema(before));

  assert.deepEqual(changes.map((c) => c.type), Array(5).fill('FIELD_CHANGED_KIND'));
});
