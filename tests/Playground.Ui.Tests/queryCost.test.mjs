// The query's estimated cost beside its status, and a warning when it is over the limit (issue 17, item 1).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setQuery } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

/** Members of departments four times over: the server estimates 14,442 for one department. */
const deepDepartments = '[id,members[id,department[members[id,department[members[id,department[members[id]]]]]]]]';

const costMeter = (page) => page.getByTestId('query-cost');

async function waitForCost(page, pattern) {
  await page.waitForFunction(
    ({ source }) => new RegExp(source).test(document.querySelector('[data-testid=query-cost]')?.textContent ?? ''),
    { source: pattern.source },
    { timeout: 10_000 },
  ).catch(async () => {
    throw new Error(`The cost never matched ${pattern}; it says ${JSON.stringify(await costMeter(page).textContent())}.`);
  });
}

describe('query cost', () => {
  const suite = playgroundSuite('queryCost');

  test('Cost_ListResource_ShowsTheEstimateTimesTheListSizeAndTheLimit', async () => {
    const { page } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '[id,firstName]' }));

    await waitForCost(page, /^Cost 2 × 10 = 20 \(estimated for 10 items\) of 100,000 allowed$/);
    assert.equal(await costMeter(page).getAttribute('class'), 'cost-meter');
  });

  test('Cost_SingleResource_ShowsTheCostWithoutMultiplying', async () => {
    const { page } = await suite.open(search({ resource: 'department', syntax: 'include', query: deepDepartments }));

    await waitForCost(page, /^Cost 14,442 of 100,000 allowed$/);
  });

  test('Cost_OverTheLimit_WarnsAndRunIsRefused', async () => {
    const { page } = await suite.open(search({ resource: 'departments', syntax: 'include', query: '[id]' }));
    await waitForCost(page, /^Cost 1 × 10 = 10 /);

    await setQuery(page, deepDepartments);

    await waitForCost(page, /^Cost 14,442 × 10 = 144,420 \(estimated for 10 items\) is over the limit of 100,000/);
    assert.equal(await costMeter(page).getAttribute('class'), 'cost-meter is-over');
    // The warning tells the truth: the server does refuse it.
    await page.getByTestId('run').click();
    await page.getByTestId('response-status').filter({ hasText: '400' }).waitFor({ timeout: 10_000 });
  });

  test('Cost_InvalidQueryOrGateway_ShowsNoCost', async () => {
    const { page } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '[id]' }));
    await waitForCost(page, /^Cost 1 × 10/);

    await setQuery(page, '[id,nope]');
    await costMeter(page).waitFor({ state: 'hidden' });

    await page.getByTestId('target-select').selectOption('graphql');
    await setQuery(page, '{ employees { id } }');
    await page.getByTestId('query-status').filter({ hasText: 'No errors.' }).waitFor();
    assert.equal(await costMeter(page).isVisible(), false);
  });
});
