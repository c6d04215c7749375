// The playground embedded in a user's own app (MapPopcornPlayground): served from Popcorn.Server at a path the app
// chose, it reads the app's names from the schema and sends what the app reads (issue 16, item 7).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { responseJson, runQuery } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('embedded', () => {
  const suite = playgroundSuite('embedded', { project: 'tests/Popcorn.EmbeddedPlayground.App', pagePath: '/docs/playground' });

  test('Rest_RunsWithTheAppsParameterName', async () => {
    const books = suite.schema.resources.find((r) => r.path === '/api/books');
    const { page, errors, consoleErrors } = await suite.open(search({ resource: books.name, syntax: 'include', query: '[author]' }));
    const sent = [];
    page.on('request', (request) => sent.push(request.url()));

    await runQuery(page);

    assert.deepEqual(await responseJson(page), [
      { id: 1, author: 'Frank Herbert' },
      { id: 2, author: 'Jane Austen' },
    ]);
    assert.ok(sent.some((url) => url.endsWith('/api/books?fields=%5Bauthor%5D')), sent.join('\n'));
    assert.ok(!sent.some((url) => url.includes('include=')), sent.join('\n'));
    assert.deepEqual(errors, []);
    assert.deepEqual(consoleErrors, []);
  });

  test('Gateway_IsNamedAndSentAtTheAppsPath', async () => {
    const { page, errors } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '{ books { title } }' }));
    const sent = [];
    page.on('request', (request) => sent.push(`${request.method()} ${new URL(request.url()).pathname}`));

    assert.equal(await page.getByTestId('explorer-gateway').locator('.path').textContent(), '/api/graphql');
    await runQuery(page);

    // The GraphQL spec's shape at the gateway: exactly the selected keys.
    assert.deepEqual(await responseJson(page), { data: { books: [{ title: 'Dune' }, { title: 'Emma' }] } });
    assert.ok(sent.includes('POST /api/graphql'), sent.join('\n'));
    assert.deepEqual(errors, []);
  });

  test('Page_WithoutTheSlash_RedirectsAndLoadsItsAssetsOffline', async () => {
    const response = await fetch(`${suite.url}/docs/playground`, { redirect: 'manual' });

    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), '/docs/playground/');
    const html = await (await fetch(`${suite.url}/docs/playground/`)).text();
    assert.match(html, /<meta name="popcorn-tools" content="\/popcorn" \/>/);
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)[1];
    const asset = await fetch(`${suite.url}/docs/playground/${script}`);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });
});
