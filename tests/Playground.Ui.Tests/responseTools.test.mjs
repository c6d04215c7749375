// The response pane's tools (issue 17, outcome 2): the request as sent, the response headers, copy, download and a
// Stop button that cancels the request in flight.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { runQuery } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('response tools', () => {
  const suite = playgroundSuite('responseTools');
  const carsQuery = '[make,model]';

  /** The body the server sends for GET /api/cars with the selection, read by the test itself. */
  async function carsBody() {
    const response = await fetch(`${suite.url}/api/cars?include=${encodeURIComponent(carsQuery)}`, { headers: { accept: 'application/json' } });
    return response.text();
  }

  test('Response_AfterARun_ShowsTheRequestSentAndTheResponseHeaders', async () => {
    const { page } = await suite.open(search({ resource: 'cars', query: carsQuery }));
    await runQuery(page);

    assert.equal(await page.getByTestId('response-request').textContent(), `GET /api/cars?include=${carsQuery}`);
    const headers = page.getByTestId('response-headers');
    await headers.locator('summary').click();
    const names = await headers.locator('dt').allTextContents();
    const values = await headers.locator('dd').allTextContents();
    const contentType = values[names.indexOf('content-type')];
    assert.match(contentType ?? '', /^application\/json/, `headers shown: ${names.join(', ')}`);
  });

  test('Response_Copy_PutsTheBodyAsSentOnTheClipboard', async () => {
    const { page } = await suite.open(search({ resource: 'cars', query: carsQuery }));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.url });
    await runQuery(page);

    await page.getByTestId('response-copy').click();
    await page.getByTestId('response-copy-state').filter({ hasText: 'Copied.' }).waitFor();

    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await carsBody());
  });

  test('Response_Download_SavesTheBodyAsSentUnderTheResourcesName', async () => {
    const { page } = await suite.open(search({ resource: 'cars', query: carsQuery }));
    await runQuery(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('response-download').click()]);

    assert.equal(download.suggestedFilename(), 'cars-response.json');
    assert.equal(await readFile(await download.path(), 'utf8'), await carsBody());
  });

  test('Response_Stop_CancelsTheRequestInFlightAndTheNextRunAnswers', async () => {
    const { page } = await suite.open(search({ resource: 'cars', query: carsQuery }));
    // Hold the request in the browser so it is still in flight when Stop is pressed; the server stays the real one.
    let held = 0;
    await page.route('**/api/cars?**', async (route) => {
      held++;
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      await route.continue().catch(() => {});
    });

    await page.getByTestId('run').click();
    await page.getByTestId('response-stop').click();

    assert.equal(await page.getByTestId('response-status').textContent(), 'Stopped');
    assert.match(await page.getByTestId('response-body').textContent(), /cancelled before its answer arrived/);
    assert.equal(await page.getByTestId('response-request').isVisible(), false);
    assert.equal(held, 1);

    await page.unroute('**/api/cars?**');
    await runQuery(page);
    assert.equal(await page.getByTestId('response-status').textContent(), '200 OK');
  });
});
