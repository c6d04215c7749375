// The gateway's variables editor (issue 17, outcome 1): JSON checked against the operation's variable definitions
// as you type, and the declared names completed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { acceptCompletion, responseJson } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('variables editor', () => {
  const suite = playgroundSuite('variables');
  const query = 'query Person($id: Int!, $short: Boolean = false) { employee(id: $id) { firstName lastName @skip(if: $short) } }';

  const variables = (page) => page.getByTestId('variables');

  /** Waits until the problems listed under the box are exactly `expected`. */
  async function waitForProblems(page, expected) {
    await page
      .waitForFunction(
        (expected) => JSON.stringify([...document.querySelectorAll('[data-testid=variables-problems] li')].map((li) => li.textContent)) === expected,
        JSON.stringify(expected),
        { timeout: 10_000 },
      )
      .catch(async () => {
        const shown = await page.getByTestId('variables-problems').locator('li').allTextContents();
        throw new Error(`Expected ${JSON.stringify(expected)}, the box lists ${JSON.stringify(shown)}.`);
      });
  }

  test('Variables_CheckedAgainstTheOperationsDefinitions_AsTyped', async () => {
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query, variables: '' }));

    await waitForProblems(page, ['Variable "$id" of required type "Int!" was not provided.']);

    await variables(page).fill('{ "id": "two", "short": 1 }');
    await waitForProblems(page, [
      'Variable "$id" got invalid value "two"; Int cannot represent a non 32-bit integer value.',
      'Variable "$short" got invalid value 1; Boolean cannot represent a non boolean value.',
    ]);

    await variables(page).fill('{ "id": 2, "nickname": "x" }');
    await waitForProblems(page, ['Variable "$nickname" is not declared by the operation.']);

    await variables(page).fill('{ "id": 2 ');
    await page.getByTestId('variables-problems').locator('li').first().waitFor();

    await variables(page).fill('{ "id": 2 }');
    await waitForProblems(page, []);
    await page.getByTestId('run').click();
    await page.getByTestId('response-status').filter({ hasText: '200' }).waitFor();
    const expected = await (
      await fetch(`${suite.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables: { id: 2 } }),
      })
    ).json();
    assert.deepEqual(await responseJson(page), expected);
  });

  test('Variables_ChangingTheDefinitions_RechecksTheValues', async () => {
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query, variables: '{ "id": 2 }' }));
    await waitForProblems(page, []);

    // The same values against an operation that no longer declares $id.
    await page.getByTestId('query-input').fill('query Person { employee(id: 1) { firstName } }');
    await waitForProblems(page, ['Variable "$id" is not declared by the operation.']);
  });

  test('Variables_Completion_OffersTheDeclaredNamesNotWrittenYet', async () => {
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query, variables: '' }));

    await variables(page).click();
    await page.keyboard.type('{');
    await page.keyboard.press('Control+Space');
    const labels = page.locator('.cm-tooltip-autocomplete li');
    await labels.first().waitFor();
    assert.deepEqual(await labels.allTextContents(), ['"id"Int!', '"short"Boolean']);
    await acceptCompletion(page, '"id"');
    await page.keyboard.type('4');
    assert.equal(await variables(page).textContent(), '{"id": 4}');
    await waitForProblems(page, []);
  });
});
