// Writes through the gateway with the clients frontend teams use: Apollo Client's client.mutate with variables (its
// normalized cache updated from the result by id), urql's @urql/core and graphql-request, a query and a mutation
// each, against the real playground and its store (an in-memory database of its own per test file).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { Client as UrqlClient, fetchExchange } from '@urql/core';
import { GraphQLClient, ClientError } from 'graphql-request';
import { startPlayground } from './gateway.mjs';

let app;
let requests = 0;
let apollo;
before(async () => {
  app = await startPlayground();
  const countingFetch = (...args) => { requests++; return fetch(...args); };
  apollo = new ApolloClient({ link: new HttpLink({ uri: `${app.url}/graphql`, fetch: countingFetch }), cache: new InMemoryCache() });
});
after(async () => { await app?.stop(); });

const PLACE = gql`
  mutation Place($input: PlaceOrderInput!) {
    placeOrder(input: $input) { id status note lines { quantity product { id name } } }
  }
`;

test('Apollo Client: client.mutate with variables places an order and reads it back', async () => {
  const { data, error } = await apollo.mutate({
    mutation: PLACE,
    variables: { input: { customerId: 4, note: 'by Apollo', lines: [{ productId: 3, quantity: 2 }] } },
  });

  assert.equal(error, undefined);
  const [order] = data.placeOrder;
  assert.equal(order.__typename, 'Order');
  assert.equal(order.status, 'Open');
  assert.equal(order.note, 'by Apollo');
  assert.equal(order.lines[0].quantity, 2);
  assert.equal(order.lines[0].product.id, 3);
});

test('Apollo Client: a mutation result updates the normalized cache by id, read back without a request', async () => {
  const ORDERS = gql`query Orders { orders(first: 3) { id status } }`;
  const listed = await apollo.query({ query: ORDERS });
  const open = listed.data.orders.find((o) => o.status === 'Open');
  assert.ok(open, 'the seed has an open order among the first three');

  await apollo.mutate({
    mutation: gql`mutation Ship($id: Int!) { changeOrderStatus(id: $id, status: Shipped) { id status } }`,
    variables: { id: open.id },
  });
  const before = requests;
  const cached = apollo.readFragment({ id: apollo.cache.identify({ __typename: 'Order', id: open.id }), fragment: gql`fragment S on Order { status }` });
  const again = await apollo.query({ query: ORDERS, fetchPolicy: 'cache-only' });

  assert.equal(cached.status, 'Shipped');
  assert.equal(again.data.orders.find((o) => o.id === open.id).status, 'Shipped');
  assert.equal(requests, before);
});

test('Apollo Client: a domain failure reaches the client as an error with its code', async () => {
  const { data, error } = await apollo.mutate({
    mutation: gql`mutation Cancel($id: Int!) { cancelOrder(id: $id) { id } }`,
    variables: { id: 999999 },
    errorPolicy: 'all',
  });

  assert.equal(data.cancelOrder, null);
  assert.equal(error.errors[0].extensions.code, 'NOT_FOUND');
  assert.deepEqual(error.errors[0].path, ['cancelOrder']);
});

test('urql (@urql/core): a query and a mutation', async () => {
  const client = new UrqlClient({ url: `${app.url}/graphql`, exchanges: [fetchExchange], preferGetMethod: false });

  const products = await client.query('query { products(first: 2) { id name } }', {}).toPromise();
  const placed = await client.mutation(
    'mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { id lines { product { id } } } }',
    { input: { customerId: 1, lines: [{ productId: products.data.products[1].id, quantity: 1 }] } },
  ).toPromise();

  assert.equal(products.error, undefined);
  assert.equal(products.data.products.length, 2);
  assert.equal(placed.error, undefined);
  assert.equal(placed.data.placeOrder[0].lines[0].product.id, products.data.products[1].id);
});

test('urql: invalid variables are refused before anything runs, in graphql-js words', async () => {
  const client = new UrqlClient({ url: `${app.url}/graphql`, exchanges: [fetchExchange], preferGetMethod: false });

  const result = await client.mutation(
    'mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    { input: { customerId: 1, lines: [{ productId: 1, quantity: 'many' }] } },
  ).toPromise();

  assert.equal(result.error.graphQLErrors[0].message,
    'Variable "$input" got invalid value "many" at "input.lines[0].quantity"; Int cannot represent non-integer value: "many"');
});

test('graphql-request: a query and a mutation', async () => {
  const client = new GraphQLClient(`${app.url}/graphql`);

  const customers = await client.request('query { customers(first: 1) { id name } }');
  const placed = await client.request(
    'mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { id customer { id name } } }',
    { input: { customerId: customers.customers[0].id, lines: [{ productId: 1, quantity: 5 }] } },
  );

  assert.equal(placed.placeOrder[0].customer.id, customers.customers[0].id);
  assert.equal(placed.placeOrder[0].customer.name, customers.customers[0].name);
});

test('graphql-request: a mutation field the schema lacks is a ClientError naming it', async () => {
  const client = new GraphQLClient(`${app.url}/graphql`);

  await assert.rejects(client.request('mutation { deleteEverything { id } }'), (error) => {
    assert.ok(error instanceof ClientError);
    assert.equal(error.response.errors[0].message, 'Cannot query field "deleteEverything" on type "Mutation".');
    return true;
  });
});
