// Prettify, by button and by Shift+Ctrl+P, in both syntaxes (issue 17, item 2).
import { describe, test } from 'node:test';
import { editor, setQuery, waitForQuery, waitForStatus } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('prettify', () => {
  const suite = playgroundSuite('prettify');

  test('Prettify_GraphQLSyntax_OneFieldPerLineIndentedByNesting', async () => {
    const { page } = await suite.open(search({ resource: 'employees', syntax: 'graphql', query: '{ id firstName manager { id email } vehicles { make } }' }));

    await page.getByTestId('prettify').click();

    await waitForQuery(page, '{\n  id\n  firstName\n  manager {\n    id\n    email\n  }\n  vehicles {\n    make\n  }\n}');
    await waitForStatus(page, /^No errors\.$/);
  });

  test('Prettify_GatewayDocument_KeepsArgumentsVariablesAliasesAndFragments', async () => {
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '' }));
    await setQuery(page, 'query One($id: Int! = 2) { employee(id: $id) { boss: manager { id } ... on Employee { email } } cars { make } }');

    await editor(page).click();
    await page.keyboard.press('Shift+ControlOrMeta+P');

    await waitForQuery(
      page,
      'query One($id: Int! = 2) {\n  employee(id: $id) {\n    boss: manager {\n      id\n    }\n    ... on Employee {\n      email\n    }\n  }\n  cars {\n    make\n  }\n}',
    );
  });

  test('Prettify_IncludeSyntax_UsesTheServersCanonicalOneLineForm', async () => {
    const { page } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '' }));
    await setQuery(page, '[ id ,\n  manager[ firstName ] ]');

    await editor(page).click();
    await page.keyboard.press('Shift+ControlOrMeta+P');

    await waitForQuery(page, '[id,manager[firstName]]');
  });

  test('Prettify_InvalidIncludeQuery_SaysToFixItAndLeavesTheText', async () => {
    const { page } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '[id,,]' }));
    // The check on load speaks first; its verdict would otherwise overwrite Prettify's message.
    await waitForStatus(page, /^Line 1, column 5: /);

    await page.getByTestId('prettify').click();

    await waitForStatus(page, /^Fix the query before prettifying it: /);
    await waitForQuery(page, '[id,,]');
  });
});
