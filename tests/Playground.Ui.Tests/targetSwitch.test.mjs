// Switching the target between resources: the query is checked against the new type (issue 17, item 1).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseTarget, errorMarkers, queryStatus, waitForQuery, waitForStatus } from './playgroundPage.mjs';
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
});
