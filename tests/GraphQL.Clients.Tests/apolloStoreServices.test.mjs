// Apollo Client against the multi-service sample's gateway (three real processes): an order list with each order's
// customer joined from the customers service; that service killed, the orders still answered with `customer` null and
// a SOURCE_UNAVAILABLE error at each one's path; restarted, answered whole again. And each customer with its orders
// (a join to many), paged per customer and normalized in Apollo's cache.
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

test('each customer comes with its orders joined from the orders service, paged per customer and normalized in the cache', async () => {
  const cache = new InMemoryCache();
  const cached = new ApolloClient({ link: new HttpLink({ uri: `${services.url}/graphql` }), cache });
  const { data, error } = await cached.query({
    query: gql`
      query CustomersWithOrders {
        customers(where: { id: { lte: 3 } }) { id name orders(first: 2) { id customerId } }
      }
    `,
    fetchPolicy: 'network-only',
  });

  assert.equal(error, undefined);
  assert.deepEqual(data.customers.map((c) => c.id), [1, 2, 3]);
  for (const customer of data.customers) {
    assert.equal(customer.orders.length, 2);
    assert.ok(customer.orders.every((order) => order.__typename === 'Order' && order.customerId === customer.id));
  }

  // Apollo keeps each order once, by its id, however many lists it is in.
  assert.deepEqual(cache.extract()[`Order:${data.customers[0].orders[0].id}`], { __typename: 'Order', id: data.customers[0].orders[0].id, customerId: 1 });
});
