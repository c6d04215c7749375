// Switching the target between resources: the query is checked against the new type, and the
// last response says which request it answered (issue 17, items 1 and 2).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseTarget, errorMarkers, queryStatus, runQuery, waitForQuery, waitForStatus } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('switching the target', () => {
  const suite = playgroundSuite('targetSwitch');

  test('TargetSwitch_ToAnotherType_RechecksTheUnchangedQuery', async () => {
    // Valid for Employee; Car has no firstName. The text stays the same across the switch.
    const query = '[id,firstName]';
    const { page } = await suite.open(search({ resource: 'employees', syntax: 'include', query }));
    await waitForStatus(page, /^No errors\.$/);

    await chooseTarget(page, 'cars');

    await waitForQuery(page, query);
    await errorMarkers(page).first().waitFor({ timeout: 10_000 });
    assert.equal((await errorMarkers(page).allTextContents()).join(''), 'firstName');
    assert.match(await queryStatus(page).textContent(), /^Line 1, column 5: .*firstName/);

    // And back: the same text is fine for Employee again.
    await chooseTarget(page, 'employees');
    await waitForStatus(page, /^No errors\.$/);
    assert.equal(await errorMarkers(page).count(), 0);
  });

  test('TargetSwitch_AfterARun_MarksTheResponseAsThePreviousRequests', async () => {
    const { page } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '[id]' }));
    await runQuery(page);
    const stale = page.getByTestId('response-stale');
    assert.equal(await stale.isVisible(), false);

    await chooseTarget(page, 'cars');

    await stale.waitFor();
    assert.equal(await stale.textContent(), 'Response for GET /api/employees, not the current target: Run to refresh it.');
    assert.match(await page.locator('.response-pane').getAttribute('class'), /\bis-stale\b/);

    // Back on the request it answered, the response is current again; a run on cars makes it current too.
    await chooseTarget(page, 'employees');
    await stale.waitFor({ state: 'hidden' });
    await chooseTarget(page, 'cars');
    await stale.waitFor();
    await runQuery(page);
    await stale.waitFor({ state: 'hidden' });
    assert.match(await page.getByTestId('response-status').textContent(), /^200/);
  });

  test('TargetSwitch_ChangingAPathParameter_MarksTheResponseAsStale', async () => {
    const { page } = await suite.open(search({ resource: 'employee', 'param.id': '1', syntax: 'include', query: '[id]' }));
    await runQuery(page);

    await page.getByTestId('param-id').fill('2');

    await page.getByTestId('response-stale').waitFor();
    assert.match(await page.getByTestId('response-stale').textContent(), /^Response for GET \/api\/employees\/1,/);
  });
});
