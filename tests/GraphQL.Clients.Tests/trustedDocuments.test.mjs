// Trusted documents end to end: graphql-codegen's client preset writes persisted-documents.json (SHA-256 ids) from the
// running gateway's schema, the playground starts with that list (TrustedDocumentsPath) and Apollo Client's
// persisted-query link then runs the listed operations by id alone; anything else is refused (docs/persisted-queries.md).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { createHash } from 'node:crypto';
import { getIntrospectionQuery, print } from 'graphql';
import { postGraphQL, startPlayground } from './gateway.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.join(here, 'trusted-output');

let app;
/** The generated list: { "<sha256>": "<document as codegen printed it>" }. */
let list;
before(async () => {
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  await writeFile(path.join(work, 'queries.ts'), `
import { graphql } from './gql';
export const Cars = graphql(\`query Cars { cars { make model } }\`);
export const Employee = graphql(\`query Employee($id: Int!) { employee(id: $id) { firstName manager { firstName } } }\`);
`);
  const open = await startPlayground();
  try {
    await generate({
      schema: `${open.url}/graphql`,
      documents: [path.join(work, 'queries.ts')],
      generates: { [path.join(work, 'gql') + '/']: { preset: 'client', presetConfig: { persistedDocuments: { hashAlgorithm: 'sha256' } } } },
      silent: true,
    }, true);
  } finally {
    await open.stop();
  }

  const listPath = path.join(work, 'gql', 'persisted-documents.json');
  list = JSON.parse(await readFile(listPath, 'utf8'));
  process.env.Popcorn__TrustedDocumentsPath = listPath; // read by the app startPlayground spawns, as configuration
  try {
    app = await startPlayground();
  } finally {
    delete process.env.Popcorn__TrustedDocumentsPath;
  }
});
after(async () => {
  await app?.stop();
  await rm(work, { recursive: true, force: true });
});

const operationName = (document) => document.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value;

/** The list's id of the generated operation named `name`. */
const idOf = (name) => Object.entries(list).find(([, text]) => text.startsWith(`query ${name}`))[0];

/**
 * An Apollo Client whose persisted-query link sends the list's ids, found by operation name (the link hashes the
 * document Apollo sends, which its cache has given __typename fields, so the document object is not the one parsed
 * here); for an operation not in `ids`, its own SHA-256, as the link does by default. Records every request body.
 */
function apolloWithIds(ids) {
  const bodies = [];
  const recordingFetch = (uri, init) => { bodies.push(JSON.parse(init.body)); return fetch(uri, init); };
  const client = new ApolloClient({
    link: new PersistedQueryLink({ generateHash: (document) => ids.get(operationName(document)) ?? createHash('sha256').update(print(document)).digest('hex') })
      .concat(new HttpLink({ uri: `${app.url}/graphql`, fetch: recordingFetch, headers: { accept: 'application/graphql-response+json' } })),
    cache: new InMemoryCache(),
  });
  return { client, bodies };
}

test('the list codegen generated loads, and Apollo Client runs its operations by id alone', async () => {
  const cars = gql(list[idOf('Cars')]);
  const employee = gql(list[idOf('Employee')]);
  const { client, bodies } = apolloWithIds(new Map([['Cars', idOf('Cars')], ['Employee', idOf('Employee')]]));

  const first = await client.query({ query: cars, fetchPolicy: 'no-cache' });
  const second = await client.query({ query: employee, variables: { id: 3 }, fetchPolicy: 'no-cache' });

  assert.ok(first.data.cars.some((car) => car.make === 'Tesla'));
  assert.equal(typeof second.data.employee.manager.firstName, 'string');
  // Never the text: ids only, and each was found.
  assert.deepEqual(bodies.map((b) => [b.query, b.extensions.persistedQuery.sha256Hash]),
    [[undefined, idOf('Cars')], [undefined, idOf('Employee')]]);
});

test('an operation that is not in the list is refused, also when Apollo\'s link falls back to sending its text', async () => {
  const unlisted = gql`query Colors { cars { color } }`;
  const { client, bodies } = apolloWithIds(new Map());

  const { data, error } = await client.query({ query: unlisted, fetchPolicy: 'no-cache', errorPolicy: 'all' });

  assert.equal(data, undefined);
  assert.match(error.message, /trusted documents/);
  // Hash only (not found), then hash and text, which registers nothing.
  assert.deepEqual(bodies.map((b) => typeof b.query), ['undefined', 'string']);
  const again = await postGraphQL(app.url, 'query Colors { cars { color } }');
  assert.equal(again.body.errors[0].extensions.code, 'PERSISTED_QUERY_NOT_IN_LIST');
});

test('introspection is refused like any unlisted document, and the SDL is still served for tools', async () => {
  const { status, body } = await postGraphQL(app.url, getIntrospectionQuery());
  const sdl = await (await fetch(`${app.url}/graphql/schema.graphql`)).text();

  assert.equal(status, 400);
  assert.equal(body.errors[0].extensions.code, 'PERSISTED_QUERY_NOT_IN_LIST');
  assert.match(sdl, /type Query/);
});
