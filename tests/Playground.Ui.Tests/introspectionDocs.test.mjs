// Gateway mode reads the gateway's own introspection for its completion and docs (issues 12 and 17), so it shows
// what a GraphQL client of /graphql sees (GraphQL types), while REST mode keeps the model's C# types.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { editor } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('gateway docs from introspection', () => {
  const suite = playgroundSuite('introspectionDocs');

  /** What introspection says of a field, printed as GraphQL writes types. */
  async function introspectedType(typeName, fieldName) {
    const typeRef = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
    const response = await fetch(`${suite.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ __type(name: "${typeName}") { fields { name type { ${typeRef} } } } }` }),
    });
    const print = (type) => (type.kind === 'NON_NULL' ? `${print(type.ofType)}!` : type.kind === 'LIST' ? `[${print(type.ofType)}]` : type.name);
    const { data } = await response.json();
    return print(data.__type.fields.find((field) => field.name === fieldName).type);
  }

  async function hoverDoc(page, text) {
    await editor(page).getByText(text, { exact: true }).first().hover();
    const doc = page.getByTestId('hover-doc');
    await doc.waitFor();
    return doc.textContent();
  }

  test('Hover_OnTheGateway_ShowsTheIntrospectedGraphQLType_AndOnRestTheModelsType', async () => {
    const graphqlType = await introspectedType('Employee', 'firstName');
    const restType = suite.schema.types.find((type) => type.name === 'Employee').fields.find((field) => field.name === 'firstName').type;
    assert.notEqual(graphqlType, restType);

    const gateway = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '{ employees { firstName } }' }));
    assert.ok((await hoverDoc(gateway.page, 'firstName')).startsWith(`Employee.firstName: ${graphqlType}`));

    const rest = await suite.open(search({ resource: 'employees', syntax: 'include', query: '[firstName]' }));
    assert.ok((await hoverDoc(rest.page, 'firstName')).startsWith(`Employee.firstName: ${restType}`));
  });

  test('Completion_OfRootFields_ShowsTheIntrospectedTypes', async () => {
    const expected = await introspectedType('Query', 'employees');
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '' }));

    await editor(page).click();
    await page.keyboard.type('{ employe');
    const option = page.locator('.cm-tooltip-autocomplete li', { hasText: /^employees/ });
    await option.waitFor();
    assert.equal(await option.locator('.cm-completionDetail').textContent(), expected);
  });
  test('Explorer_GatewayInputTypes_ListTheirFieldsAndValuesFromIntrospection', async () => {
    // GraphiQL's docs list the types a client writes in arguments; so does the explorer, from the same introspection.
    const response = await fetch(`${suite.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ sort: __type(name: "OrderSort") { inputFields { name } } direction: __type(name: "SortDirection") { enumValues { name } } }' }),
    });
    const { data } = await response.json();
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '{ orders(first: 2) { id } }' }));

    const sort = page.getByTestId('explorer-input-OrderSort');
    await sort.locator('summary').click();
    const fields = await sort.locator('.field').evaluateAll((rows) => rows.map((row) => row.dataset.field));
    assert.deepEqual(fields, data.sort.inputFields.map((field) => field.name));
    assert.ok(fields.includes('placedAt'), fields.join());

    // A field's type links to its own section: SortDirection's values.
    await sort.locator('.field[data-field=placedAt] .type-link').click();
    const direction = page.getByTestId('explorer-input-SortDirection');
    await direction.locator('.field').first().waitFor();
    assert.deepEqual(await direction.locator('.field').evaluateAll((rows) => rows.map((row) => row.dataset.field)), data.direction.enumValues.map((value) => value.name));

    // The filter narrows them like the model types.
    await page.getByTestId('explorer-filter').fill('OrderFilter');
    await page.getByTestId('explorer-input-OrderFilter').waitFor();
    assert.equal(await sort.isHidden(), true);
  });
});
