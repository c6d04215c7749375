// What the editor says about gateway queries before and after Run (issue 17, items 3 and 5).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorMarkers, queryStatus, runQuery, setQuery, waitForStatus, warningMarkers } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('gateway checks', () => {
  const suite = playgroundSuite('gatewayChecks');

  test('Lint_GatewayRootFieldWithoutItsRequiredArgument_IsMarkedBeforeRun', async () => {
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '' }));

    await setQuery(page, '{ employee { firstName } }');

    await errorMarkers(page).first().waitFor({ timeout: 10_000 });
    assert.equal((await errorMarkers(page).allTextContents()).join(''), 'employee');
    // The gateway's own words, as Run would answer them (graphql-js's).
    assert.equal(
      await queryStatus(page).textContent(),
      'Line 1, column 3: Field "employee" argument "id" of type "Int!" is required, but it was not provided.',
    );

    // Given the argument (commas optional, an alias in front), the query is fine.
    await setQuery(page, '{ ada: employee(id: 1) { firstName } cars { make } }');
    await waitForStatus(page, /^No errors\.$/);
    assert.equal(await errorMarkers(page).count(), 0);
  });

  test('Lint_SeveralRootFieldsWithErrors_MarksThemAllAtOnce', async () => {
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '' }));

    await setQuery(page, '{ employees { id nope } employee { id } cars { make bogus } carz { id } }');

    await waitForStatus(page, /\(3 more marked in the editor\)$/);
    assert.deepEqual(await errorMarkers(page).allTextContents(), ['nope', 'employee', 'bogus', 'carz']);
    assert.match(await queryStatus(page).textContent(), /^Line 1, column 18: Cannot query field .nope. on type .Employee.\./);

    // Fixing one leaves the others marked.
    await setQuery(page, '{ employees { id } employee { id } cars { make bogus } carz { id } }');
    await waitForStatus(page, /\(2 more marked in the editor\)$/);
    assert.deepEqual(await errorMarkers(page).allTextContents(), ['employee', 'bogus', 'carz']);
  });

  test('Lint_SeveralErrorsInOneRootFieldAndInAFragment_MarksEveryErrorTheGatewayWouldAnswer', async () => {
    // Two mistakes under one root field and one inside a fragment: the editor used to mark each root field's first
    // only, and nothing in a document with fragments. The gateway's check names them all, as GraphiQL marks them.
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '' }));
    const query = 'query Q { employees { id nope zip } cars { ...C } carz { id } } fragment C on Car { make bogus }';

    await setQuery(page, query);

    await waitForStatus(page, /\(3 more marked in the editor\)$/);
    assert.deepEqual(await errorMarkers(page).allTextContents(), ['nope', 'zip', 'carz', 'bogus']);

    // The same four are what Run answers.
    const response = await page.evaluate(async (document) => {
      const answer = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: document }) });
      return answer.json();
    }, query);
    assert.equal(response.errors.length, 4, JSON.stringify(response.errors));
  });

  test('Lint_GatewayWithVariables_ChecksTheQueryWithTheValuesInTheBox', async () => {
    // Valid values in the box: nothing to warn about before Run (the stale "needs a value" warning).
    const query = 'query One($id: Int!) { employee(id: $id) { id firstName } }';
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query, variables: '{ "id": 2 }' }));
    await waitForStatus(page, /^No errors\.$/);
    assert.equal(await warningMarkers(page).count(), 0);
    assert.equal(await errorMarkers(page).count(), 0);

    // Values without the required one: what Run would answer, marked now as an error naming the variable.
    await page.getByTestId('variables').fill('{ "other": 3 }');
    await errorMarkers(page).first().waitFor({ timeout: 10_000 });
    assert.match(await queryStatus(page).textContent(), /\$id/);

    // Given again, the mark goes.
    await page.getByTestId('variables').fill('{ "id": 3 }');
    await errorMarkers(page).first().waitFor({ state: 'detached', timeout: 10_000 });
    await waitForStatus(page, /^No errors\.$/);
  });

  test('Lint_GatewayWithVariablesNotYetAnObject_WarnsThatItCheckedWithoutThem', async () => {
    // A box that is not (yet) a JSON object is not sent to the check: the warning says the query was checked without it.
    const query = 'query One($id: Int!) { employee(id: $id) { id firstName } }';
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query, variables: '{ "id": 2 ' }));
    await warningMarkers(page).first().waitFor({ timeout: 10_000 });
    assert.match(await queryStatus(page).textContent(), /checked without your variables/);
  });

  test('Run_GatewayWithVariablesAnsweringErrors_KeepsTheWarning', async () => {
    const query = 'query One($id: Int!) { employee(id: $id) { id } }';
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query, variables: '' }));
    await warningMarkers(page).first().waitFor({ timeout: 10_000 });

    await page.getByTestId('run').click();
    await page.getByTestId('response-status').waitFor();

    // Let a re-check have its chance, then the warning must still be there: the run did not settle it.
    await page.waitForTimeout(800);
    assert.equal(await warningMarkers(page).count() > 0, true);
  });
});
