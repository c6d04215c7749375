// Apollo Client's relayStylePagination against the gateway's Relay connection (docs/data.md, "Relay connections"): a
// page, then fetchMore with the page's endCursor, merged by Apollo's own field policy into one list in its cache,
// equal to the same orders read in one plain list request; totalCount and pageInfo come through as the spec shapes them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { postGraphQL, startPlayground } from './gateway.mjs';

let app;
before(async () => { app = await startPlayground(); });
after(async () => { await app?.stop(); });

const ORDERS = gql`
  query OrdersPage($first: Int!, $after: String) {
    ordersConnection(first: $first, after: $after, orderBy: [{placedAt: DESC}]) {
      totalCount
      edges { cursor node { id placedAt status } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`;

function newClient() {
  return new ApolloClient({
    link: new HttpLink({ uri: `${app.url}/graphql` }),
    cache: new InMemoryCache({ typePolicies: { Query: { fields: { ordersConnection: relayStylePagination() } } } }),
  });
}

test('fetchMore with the endCursor reads the next page, and relayStylePagination merges both into one list', async () => {
  const client = newClient();
  const watched = client.watchQuery({ query: ORDERS, variables: { first: 3 } });
  const subscription = watched.subscribe({});
  try {
    const first = await watched.refetch();
    const page = first.data.ordersConnection;
    assert.equal(page.__typename, 'OrderConnection');
    assert.equal(page.edges.length, 3);
    assert.equal(page.pageInfo.hasNextPage, true);
    assert.equal(page.pageInfo.hasPreviousPage, false);
    assert.equal(page.pageInfo.endCursor, page.edges[2].cursor);

    await watched.fetchMore({ variables: { after: page.pageInfo.endCursor } });

    const merged = client.readQuery({ query: ORDERS, variables: { first: 3 } }).ordersConnection;
    const plain = await postGraphQL(app.url, '{ orders(first: 6, orderBy: {placedAt: DESC}) { id } }');
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
    assert.deepEqual(merged.edges.map((edge) => edge.node.id), plain.body.data.orders.map((order) => order.id));
    assert.equal(new Set(merged.edges.map((edge) => edge.cursor)).size, 6);
    assert.equal(merged.totalCount, page.totalCount);
    assert.ok(merged.totalCount >= 6);
    assert.equal(merged.pageInfo.endCursor, merged.edges[5].cursor);
    assert.equal(merged.pageInfo.hasNextPage, merged.totalCount > 6);
  } finally {
    subscription.unsubscribe();
  }
});

test('a cursor that was tampered with comes back as a GraphQL error naming it, not as data', async () => {
  const client = newClient();
  const { data, error } = await client.query({
    query: ORDERS,
    variables: { first: 3, after: 'bm90LWEtY3Vyc29y' },
    errorPolicy: 'all',
    fetchPolicy: 'no-cache',
  });

  assert.equal(data, undefined);
  assert.match(error.message, /not a cursor this API issued/);
});
