// The response viewer with a large body: shown at once, scrollable, searchable and foldable
// (issue 17, item 5). Timings are measured by bench/playground/render.mjs, not asserted here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { responseRows, runQuery } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

// Pretty-printed, about 0.9 MB over some 30,000 lines.
const largeQuery = '{ employees { __full } cars { __full } orders { __full } }';

describe('response viewer', () => {
  const suite = playgroundSuite('responseViewer');

  async function largeResponse() {
    const response = await fetch(`${suite.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: largeQuery }),
    });
    return JSON.stringify(await response.json(), null, 2).split('\n');
  }

  test('Response_LargeBody_DrawsOnlyTheRowsInViewAndScrollsToTheEnd', async () => {
    const expected = await largeResponse();
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: largeQuery }));

    await runQuery(page);

    const rows = await responseRows(page);
    assert.ok(expected.length > 20_000, `the response has ${expected.length} lines`);
    assert.ok(rows.length < 200, `${rows.length} rows are in the DOM`);
    assert.equal(rows[0], `▾${expected[0]}`);

    const scroller = page.getByTestId('response-scroller');
    await scroller.evaluate((element) => (element.scrollTop = element.scrollHeight));
    await page.waitForFunction(
      (last) => [...document.querySelectorAll('[data-testid=response-body] .json-line')].some((row) => row.dataset.line === String(last)),
      expected.length,
    );
    const lastRow = page.locator(`[data-testid=response-body] .json-line[data-line="${expected.length}"]`);
    assert.equal(await lastRow.textContent(), expected.at(-1));
    assert.equal(await lastRow.isVisible(), true);
  });

  test('Response_FindInALargeBody_MovesToEachMatch', async () => {
    const expected = await largeResponse();
    const needle = 'Volvo';
    const matching = expected.flatMap((line, index) => (line.toLowerCase().includes(needle.toLowerCase()) ? [index + 1] : []));
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: largeQuery }));
    await runQuery(page);

    await page.getByTestId('response-find').fill(needle);

    const count = page.getByTestId('response-find-count');
    await page.waitForFunction((text) => document.querySelector('[data-testid=response-find-count]')?.textContent === text, `1 of ${matching.length}`);
    const current = page.locator('[data-testid=response-body] .json-line.is-current');
    assert.equal(await current.getAttribute('data-line'), String(matching[0]));
    assert.equal(await current.locator('mark').first().textContent(), needle);
    assert.equal(await current.isVisible(), true);

    // Enter moves on; Shift+Enter from the first wraps round to the last.
    await page.getByTestId('response-find').press('Enter');
    assert.equal(await count.textContent(), `2 of ${matching.length}`);
    assert.equal(await current.getAttribute('data-line'), String(matching[1]));
    await page.getByTestId('response-find').press('Shift+Enter');
    await page.getByTestId('response-find').press('Shift+Enter');
    assert.equal(await count.textContent(), `${matching.length} of ${matching.length}`);
    assert.equal(await current.getAttribute('data-line'), String(matching.at(-1)));
    assert.equal(await current.isVisible(), true);
  });

  test('Response_FoldingTheOuterObject_ShowsOneRowUntilUnfolded', async () => {
    const { page } = await suite.open(search({ resource: 'employee', 'param.id': '1', syntax: 'include', query: '[id,firstName,manager[id]]' }));
    await runQuery(page);
    const before = await responseRows(page);

    await page.locator('[data-testid=response-body] [data-fold="0"]').click();

    assert.deepEqual(await responseRows(page), ['▸{ … }']);
    await page.locator('[data-testid=response-body] [data-fold="0"]').click();
    assert.deepEqual(await responseRows(page), before);
  });
});
