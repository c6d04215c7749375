// Apollo Client, as a frontend team runs it (in node here): queries with fragments and variables over HTTP, results
// normalized into its cache by __typename and id, and read back from the cache without another request.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { startPlayground } from './gateway.mjs';

let app;
let requests = 0;
let client;
before(async () => {
  app = await startPlayground();
  const countingFetch = (...args) => { requests++; return fetch(...args); };
  client = new ApolloClient({ link: new HttpLink({ uri: `${app.url}/graphql`, fetch: countingFetch }), cache: new InMemoryCache() });
});
after(async () => { await app?.stop(); });

const EMPLOYEE = gql`
  fragment Person on Employee { firstName lastName }
  query Employee($id: Int!, $withCars: Boolean!) {
    employee(id: $id) {
      id
      ...Person
      manager { id ...Person }
      vehicles @include(if: $withCars) { id make }
    }
  }
`;

test('a query with fragments and variables comes back typed and complete', async () => {
  const { data, error } = await client.query({ query: EMPLOYEE, variables: { id: 3, withCars: true } });

  assert.equal(error, undefined);
  assert.equal(data.employee.__typename, 'Employee');
  assert.equal(data.employee.id, 3);
  assert.equal(typeof data.employee.firstName, 'string');
  assert.equal(data.employee.manager.__typename, 'Employee');
  assert.ok(Array.isArray(data.employee.vehicles));
});

test('the normalized cache answers a fragment read and a repeated query without a request', async () => {
  const first = await client.query({ query: EMPLOYEE, variables: { id: 3, withCars: true } });
  const before = requests;

  const manager = client.readFragment({
    id: client.cache.identify({ __typename: 'Employee', id: first.data.employee.manager.id }),
    fragment: gql`fragment ManagerName on Employee { firstName lastName }`,
  });
  const again = await client.query({ query: EMPLOYEE, variables: { id: 3, withCars: true }, fetchPolicy: 'cache-only' });

  assert.equal(manager.firstName, first.data.employee.manager.firstName);
  assert.deepEqual(again.data, first.data);
  assert.equal(requests, before);
  assert.ok(Object.keys(client.cache.extract()).includes('Employee:3'));
});

test('a GraphQL error reaches the client as an error, not as data', async () => {
  const { data, error } = await client.query({ query: gql`{ employee(id: 1) { nope } }`, errorPolicy: 'all', fetchPolicy: 'no-cache' });

  assert.equal(data, undefined);
  assert.match(error.message, /nope/);
});

test('Apollo\'s persisted-query link: the first request learns the hash is unknown, later ones send only the hash', async () => {
  const { PersistedQueryLink } = await import('@apollo/client/link/persisted-queries');
  const { createHash } = await import('node:crypto');
  const bodies = [];
  const recordingFetch = (uri, init) => { bodies.push(JSON.parse(init.body)); return fetch(uri, init); };
  const sha256 = (text) => createHash('sha256').update(text).digest('hex');
  const persisted = new ApolloClient({
    link: new PersistedQueryLink({ sha256 }).concat(new HttpLink({ uri: `${app.url}/graphql`, fetch: recordingFetch })),
    cache: new InMemoryCache(),
  });
  // Unique per run, so the server has never seen it.
  const query = gql`query Persisted${Date.now()}($id: Int!) { car(id: $id) { id make } }`;

  const first = await persisted.query({ query, variables: { id: 1 }, fetchPolicy: 'no-cache' });
  const second = await persisted.query({ query, variables: { id: 2 }, fetchPolicy: 'no-cache' });

  assert.equal(first.data.car.make, 'Volvo');
  assert.equal(second.data.car.make, 'Tesla');
  // Hash only (not found), then hash and query, then hash only again (found).
  assert.deepEqual(bodies.map((b) => [typeof b.query, Boolean(b.extensions?.persistedQuery?.sha256Hash)]),
    [['undefined', true], ['string', true], ['undefined', true]]);
});

// Fragments on an interface: Apollo's cache matches them by the possibleTypes it is given (docs/graphql-syntax.md).
const STAFF = gql`
  fragment Lead on Manager { team reports { id name } }
  query Staff {
    staff { id name ...Lead ... on Engineer { level } }
  }
`;

test('fragments on the staff interface come back per concrete type and are read back from the cache', async () => {
  const staffClient = new ApolloClient({
    link: new HttpLink({ uri: `${app.url}/graphql` }),
    cache: new InMemoryCache({ possibleTypes: { StaffMember: ['Engineer', 'Manager'] } }),
  });

  const { data, error } = await staffClient.query({ query: STAFF });
  const cached = await staffClient.query({ query: STAFF, fetchPolicy: 'cache-only' });

  assert.equal(error, undefined);
  assert.equal(data.staff[0].__typename, 'Manager');
  assert.equal(data.staff[0].team, 'Engineering');
  assert.equal(data.staff[0].reports.length, 2);
  assert.equal(data.staff[3].__typename, 'Engineer');
  assert.equal(typeof data.staff[3].level, 'number');
  assert.equal(data.staff[3].team, undefined);
  assert.deepEqual(cached.data, data);
  assert.ok(Object.keys(staffClient.cache.extract()).includes('Manager:1'));
});
