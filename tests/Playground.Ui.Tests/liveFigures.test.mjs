// The playground's live figures from the server's meter, and the persisted-query id of the gateway query beside Run
// (issue 15, outcome 4; issue 17, outcome 5).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { chooseTarget, runQuery, setQuery } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The number at the start of a figure's text ("12 (7 include · …)" is 12). */
async function leadingNumber(page, testId) {
  const text = await page.getByTestId(testId).textContent();
  return Number(text.replace(/,/g, '').match(/^\d+/)?.[0]);
}

describe('live figures and the query hash', () => {
  const suite = playgroundSuite('liveFigures');

  test('LiveFigures_AfterARun_CountItsSelectionsAndItsSaving_AsTheServerDoes', async () => {
    const { page, errors } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '[id,firstName]' }));
    await page.getByTestId('live-figures').waitFor();
    const before = await leadingNumber(page, 'figure-selections');
    assert.equal(await page.getByTestId('figure-saved').textContent(), 'run a query to compare');

    await runQuery(page);

    // The run and its [!full] comparison are two selections by query parameter.
    await page.waitForFunction(
      (expected) => Number(document.querySelector('[data-testid=figure-selections]')?.textContent?.replace(/,/g, '').match(/^\d+/)?.[0]) >= expected,
      before + 2,
      { timeout: 15_000 },
    );
    assert.match(await page.getByTestId('figure-saved').textContent(), /^\d+(\.\d+)? (B|KB|MB) over 1 runs$/);
    assert.match(await page.getByTestId('figure-plan-cache').textContent(), /^(\d+%|>99\.9%|<0\.1%|\d+\.\d%) \(\d+ of \d+\)$/);
    // The page shows the server's own totals: nothing else runs against this app while the figures are compared.
    const server = await (await fetch(`${suite.url}/popcorn/figures`)).json();
    await page.getByTestId('figure-selections').filter({ hasText: new RegExp(`^${server.selections.total.toLocaleString('en-US')} \\(`) }).waitFor({ timeout: 10_000 });
    assert.match(await page.getByTestId('figure-bytes').textContent(), new RegExp(` in ${server.responses.count.toLocaleString('en-US')} responses$`));
    assert.deepEqual(errors, []);
  });

  test('QueryHash_OnTheGateway_IsTheSha256OfTheQuery_TheServerAcceptsItAndCopyCopiesIt', async () => {
    // Not ASCII, so the page's SHA-256 must hash UTF-8 bytes as the server does.
    const query = `{ cars { make } } # café ☕ ${Date.now()}`;
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query }));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const hash = page.getByTestId('query-hash');

    await hash.waitFor();
    assert.equal(await hash.getAttribute('data-hash'), sha256(query));
    assert.equal(await hash.textContent(), `${sha256(query).slice(0, 12)}…`);
    await page.getByTestId('copy-hash').click();
    await page.getByTestId('copy-hash').filter({ hasText: 'Copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), sha256(query));

    // The server agrees: the query stored under the shown id is then served by the id alone.
    const persisted = (body) => fetch(`${suite.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const extensions = { persistedQuery: { version: 1, sha256Hash: await hash.getAttribute('data-hash') } };
    const stored = await persisted({ query, extensions });
    assert.equal(stored.errors, undefined);
    assert.deepEqual((await persisted({ extensions })).data, stored.data);
  });

  test('QueryHash_FollowsTheQuery_HidesForRest_AndShowsAnIncludeQuerysIdAfterRun', async () => {
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '{ cars { make } }' }));
    const hash = page.getByTestId('query-hash');
    await hash.waitFor();

    await setQuery(page, '{ cars { model } }');
    await page.waitForFunction((expected) => document.querySelector('[data-testid=query-hash]')?.dataset.hash === expected, sha256('{ cars { model } }'));

    await chooseTarget(page, 'cars');
    await hash.waitFor({ state: 'hidden' });

    // An include query goes to the gateway converted, so its id is known once Run has converted it.
    await chooseTarget(page, 'graphql');
    await setQuery(page, '[cars[make]]');
    await hash.filter({ hasText: 'after Run' }).waitFor();
    await runQuery(page);
    const sent = (await (await fetch(`${suite.url}/popcorn/normalize?query=${encodeURIComponent('[cars[make]]')}`)).json()).graphql;
    assert.equal(await hash.getAttribute('data-hash'), sha256(sent));
  });
});
