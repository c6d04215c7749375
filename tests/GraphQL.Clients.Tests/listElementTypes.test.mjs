// Whether typing list elements non-null (docs/graphql-syntax.md, "List element types") breaks a client: graphql-js's
// own change detection, old SDL against new. The two SDLs are what the gateway prints for the same model before and
// after the rule (tests/Popcorn.Server.Tests/Gateway/Schema/ListElementTypesTests.cs holds the new lines); the sample
// has no list of value-type scalars, so its served SDL does not change.
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
  neighbours(first: Int, skip: Int): [Sensor]!
}
enum SensorLevel { Low High }
`;

const after = before
  .replace('samples: [Int]!', 'samples: [Int!]!')
  .replace('levels: [SensorLevel]!', 'levels: [SensorLevel!]!');

test('the new SDL differs from the old only in the two element types', () => {
  assert.notEqual(after, before);
  assert.match(after, /samples: \[Int!\]!/);
  assert.match(after, /levels: \[SensorLevel!\]!/);
});

test('non-null elements on output fields are neither breaking nor dangerous for clients', () => {
  const [oldSchema, newSchema] = [buildSchema(before), buildSchema(after)];

  assert.deepEqual(findBreakingChanges(oldSchema, newSchema), []);
  assert.deepEqual(findDangerousChanges(oldSchema, newSchema), []);
});

test('the reverse (non-null elements made nullable again) would be breaking', () => {
  const changes = findBreakingChanges(buildSchema(after), buildSchema(before));

  assert.deepEqual(changes.map((c) => c.type), ['FIELD_CHANGED_KIND', 'FIELD_CHANGED_KIND']);
});
