// The real playground app for these tests (started once per test file), and a GraphQL-over-HTTP POST to it.
import { startPlayground } from '../Playground.Ui.Tests/playgroundServer.mjs';

export { startPlayground };

/** POSTs a GraphQL request to `${url}/graphql` and resolves to { status, body } with the body parsed. */
export async function postGraphQL(url, query, variables, operationName) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query, variables, operationName }),
  });
  return { status: response.status, body: await response.json() };
}
