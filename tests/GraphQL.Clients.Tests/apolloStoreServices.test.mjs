// Apollo Client against the multi-service sample's gateway (three real processes): an order list with each order's
// customer joined from the customers service; that service killed, the orders still answered with `customer` null and
// a SOURCE_UNAVAILABLE error at each one's path; restarted, answered whole again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { startStoreServices } from './storeServices.mjs';

let services;
let client;
before(async () => {
  services = await startStoreServices();
  client = new ApolloClient({ link: new HttpLink({ uri: `${services.url}/graphql` }), cache: new InMemoryCache() });
});
after(async () => { await services?.stop(); });

const ORDERS = gql`
  query Orders($first: Int!) {
    orders(first: $first) { id status customer { id name } }
  }
`;

const ask = () => client.query({ query: ORDERS, variables: { first: 5 }, fetchPolicy: 'no-cache', errorPolicy: 'all' });

test('the orders come with their customers joined from the other service', async () => {
  const { data, error } = await ask();

  assert.equal(error, undefined);
  assert.equal(data.orders.length, 5);
  for (const order of data.orders) {
    assert.equal(order.__typename, 'Order');
    assert.equal(order.customer.__typename, 'Customer');
    assert.equal(typeof order.customer.name, 'string');
  }
});

test('with the customers service killed the orders are answered, each customer null with SOURCE_UNAVAILABLE at its path, and all again once it is back', async () => {
  const restart = await services.killCustomers();
  try {
    const { data, error } = await ask();

    assert.equal(data.orders.length, 5);
    assert.ok(data.orders.every((order) => typeof order.id === 'number' && order.customer === null));
    assert.ok(error, 'Apollo Client reports the errors beside the partial data');
    assert.deepEqual(error.errors.map((e) => e.extensions.code), Array(5).fill('SOURCE_UNAVAILABLE'));
    assert.deepEqual(error.errors.map((e) => e.path), [0, 1, 2, 3, 4].map((i) => ['orders', i, 'customer']));
  } finally {
    await restart();
  }

  // The gateway's pooled connection to the killed process and its circuit breaker take a call or two to notice the new one.
  const deadline = Date.now() + 30_000;
  let answer = await ask();
  while (answer.error && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await ask();
  }

  assert.equal(answer.error, undefined, `still failing 30 s after the restart: ${answer.error?.message}`);
  assert.ok(answer.data.orders.every((order) => order.customer?.__typename === 'Customer'));
});
