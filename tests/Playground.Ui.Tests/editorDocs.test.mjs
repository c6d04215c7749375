// Docs on hover and argument completion in the editor (issue 17, outcome 1): what a GraphiQL user reaches for first.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { acceptCompletion, editor, waitForQuery } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('editor docs', () => {
  const suite = playgroundSuite('editorDocs');

  /** Hovers the editor's token `text` (the `nth` one) and returns the doc tooltip's text. */
  async function hoverDoc(page, text, nth = 0) {
    await editor(page).getByText(text, { exact: true }).nth(nth).hover();
    const doc = page.getByTestId('hover-doc');
    await doc.waitFor();
    const shown = await doc.textContent();
    await page.mouse.move(0, 0);
    await doc.waitFor({ state: 'detached' });
    return shown;
  }

  test('Hover_NestedField_ShowsItsTypeMarksAndDescriptionFromTheSchema', async () => {
    const { page } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '[id,manager[firstName]]' }));
    const employee = suite.schema.types.find((type) => type.name === 'Employee');
    const firstName = employee.fields.find((field) => field.name === 'firstName');
    const manager = employee.fields.find((field) => field.name === 'manager');

    const nested = await hoverDoc(page, 'firstName');
    assert.ok(nested.startsWith(`Employee.firstName: ${firstName.type}`), nested);
    assert.ok(nested.includes(firstName.description), nested);

    const object = await hoverDoc(page, 'manager');
    assert.ok(object.startsWith(`Employee.manager: ${manager.type}`), object);
  });

  test('Hover_GatewayRootFieldAndArgument_ShowTheirSignatures', async () => {
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '{ employee(id: 1) { firstName } }' }));
    const root = suite.schema.rootFields.find((field) => field.name === 'employee');
    const id = root.arguments.find((argument) => argument.name === 'id');

    assert.ok((await hoverDoc(page, 'employee')).startsWith(`employee(id: ${id.type}): ${root.type}`));
    const argument = await hoverDoc(page, 'id');
    assert.ok(argument.startsWith(`id: ${id.type}argument of employee`), argument);
  });

  test('Completion_InsideARootFieldsParentheses_OffersItsArguments', async () => {
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '' }));

    await editor(page).click();
    await page.keyboard.insertText('{ employee() { firstName } }');
    await page.keyboard.press('Home');
    for (let i = 0; i < '{ employee('.length; i++) {
      await page.keyboard.press('ArrowRight');
    }

    await page.keyboard.press('Control+Space');
    const option = page.locator('.cm-tooltip-autocomplete li', { hasText: 'id' });
    await option.first().waitFor();
    assert.match(await option.first().textContent(), /Int!/);
    await acceptCompletion(page, 'id');
    await waitForQuery(page, '{ employee(id: ) { firstName } }');
  });

  test('Completion_InsideANestedListsParentheses_OffersPagingSortingAndFiltering', async () => {
    // A customer's orders take first/skip/orderBy/where (docs/data.md); the detail names what Order may be sorted by.
    const { page } = await suite.open(search({ resource: 'storeCustomers', syntax: 'include', query: '' }));
    const order = suite.schema.types.find((type) => type.name === 'Order');
    const sortable = order.fields.filter((field) => field.isSortable).map((field) => field.name);
    assert.ok(sortable.length > 0, 'the store marks some of Order\'s fields [Sortable]');

    await editor(page).click();
    await page.keyboard.insertText('[name,orders(first: 2, )[id]]');
    await page.keyboard.press('Home');
    for (let i = 0; i < '[name,orders(first: 2, '.length; i++) {
      await page.keyboard.press('ArrowRight');
    }

    await page.keyboard.press('Control+Space');
    const labels = page.locator('.cm-tooltip-autocomplete li');
    await labels.first().waitFor();
    const offered = await labels.allTextContents();
    assert.ok(!offered.some((text) => text.startsWith('first')), `first is written already: ${offered}`);
    const orderBy = offered.find((text) => text.startsWith('orderBy'));
    assert.ok(orderBy && sortable.every((name) => orderBy.includes(name)), `orderBy names ${sortable}: ${offered}`);
    assert.ok(offered.some((text) => text.startsWith('after')), `cursor paging's after is offered: ${offered}`);
    // `after` sorts before `orderBy` in the list: narrow it to orderBy as a person would, by typing.
    await page.keyboard.insertText('ord');
    await acceptCompletion(page, 'orderBy');
    await waitForQuery(page, '[name,orders(first: 2, orderBy: )[id]]');
  });

  /** Types `text`, puts the cursor after `before`, asks for completions and returns their texts. */
  async function completionsAt(page, text, before) {
    await editor(page).click();
    await page.keyboard.insertText(text);
    // The document's start, not the visual line's: a long query wraps in a narrow editor.
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < before.length; i++) {
      await page.keyboard.press('ArrowRight');
    }

    await page.keyboard.press('Control+Space');
    const labels = page.locator('.cm-tooltip-autocomplete li');
    await labels.first().waitFor();
    return labels.allTextContents();
  }

  test('Completion_InARestListResourcesRootParentheses_OffersItsListArguments', async () => {
    // The README's own form, (first: 5, orderBy: {placedAt: DESC})[id]: the root of a list resource takes the list arguments.
    const { page } = await suite.open(search({ resource: 'storeOrders', syntax: 'include', query: '' }));

    const offered = await completionsAt(page, '(first: 5, )[id]', '(first: 5, ');

    assert.ok(!offered.some((text) => text.startsWith('first')), `first is written already: ${offered}`);
    for (const argument of ['skip', 'orderBy', 'where', 'after']) {
      assert.ok(offered.some((text) => text.startsWith(argument)), `${argument} is offered at the root: ${offered}`);
    }

    await page.keyboard.insertText('whe');
    await acceptCompletion(page, 'where');
    await waitForQuery(page, '(first: 5, where: )[id]');
  });

  test('Completion_InsideOrderByAndWhereObjects_OffersTheSortableAndFilterableFieldsThenOperators', async () => {
    const { page } = await suite.open(search({ resource: 'storeOrders', syntax: 'include', query: '' }));
    const order = suite.schema.types.find((type) => type.name === 'Order');
    const sortable = order.fields.filter((field) => field.isSortable).map((field) => field.name);
    const filterable = order.fields.filter((field) => field.isFilterable).map((field) => field.name);
    const unsortable = order.fields.find((field) => !field.isSortable).name;

    const sortKeys = await completionsAt(page, '(orderBy: {})[id]', '(orderBy: {');
    assert.ok(sortable.every((name) => sortKeys.some((text) => text.startsWith(name))), `every sortable field: ${sortKeys}`);
    assert.ok(!sortKeys.some((text) => text.startsWith(unsortable)), `${unsortable} is not sortable: ${sortKeys}`);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    const filterKeys = await completionsAt(page, '(where: {or: [{}]})[id]', '(where: {or: [{');
    assert.ok(filterable.every((name) => filterKeys.some((text) => text.startsWith(name))), `every filterable field: ${filterKeys}`);
    assert.ok(filterKeys.some((text) => text.startsWith('and')), `and/or nest: ${filterKeys}`);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    const field = filterable.find((name) => name !== 'id') ?? filterable[0];
    const operators = await completionsAt(page, `(where: {${field}: {}})[id]`, `(where: {${field}: {`);
    assert.ok(['eq', 'neq', 'in'].every((op) => operators.some((text) => text.startsWith(op))), `operators: ${operators}`);
    await page.keyboard.insertText('ne');
    await acceptCompletion(page, 'neq');
    await waitForQuery(page, `(where: {${field}: {neq: }})[id]`);
  });

  test('Completion_InsideAFilterableReferenceOrList_OffersTheRelatedTypesKeysThenTheQuantifiers', async () => {
    const { page } = await suite.open(search({ resource: 'storeOrders', syntax: 'include', query: '' }));
    const customer = suite.schema.types.find((type) => type.name === 'Customer');
    const customerFilterable = customer.fields.filter((field) => field.isFilterable).map((field) => field.name);

    const customerKeys = await completionsAt(page, '(where: {customer: {}})[id]', '(where: {customer: {');
    assert.ok(customerFilterable.every((name) => customerKeys.some((text) => text.startsWith(name))), `the customer's filterable fields: ${customerKeys}`);
    assert.ok(!customerKeys.some((text) => text.startsWith('neq')), `no operators on a reference: ${customerKeys}`);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    const listKeys = await completionsAt(page, '(where: {lines: {}})[id]', '(where: {lines: {');
    assert.ok(['some', 'all', 'none'].every((quantifier) => listKeys.some((text) => text.startsWith(quantifier))), `quantifiers: ${listKeys}`);
    assert.ok(!listKeys.some((text) => text.startsWith('quantity')), `a list is not compared directly: ${listKeys}`);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    const lineKeys = await completionsAt(page, '(where: {lines: {some: {}}})[id]', '(where: {lines: {some: {');
    assert.ok(lineKeys.some((text) => text.startsWith('quantity')), `the line's filterable fields: ${lineKeys}`);
  });

  test('Completion_InAGatewayRootListsParentheses_OffersExactlyTheListArgumentsTheSchemaLists_WithTheirInputTypes', async () => {
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '' }));
    const orders = suite.schema.rootFields.find((field) => field.name === 'orders');
    assert.ok(orders?.isList, 'the gateway serves the store\'s orders as a list');
    // /popcorn/schema names them, typed as the SDL does; after is there because Order's id is [Always, Sortable].
    const listed = orders.listArguments.map((argument) => `${argument.name}${argument.type}`);
    assert.deepEqual(listed, ['firstInt', 'skipInt', 'orderBy[OrderSort!]', 'whereOrderFilter', 'afterString']);

    const offered = await completionsAt(page, '{ orders() { id } }', '{ orders(');

    assert.deepEqual([...offered].sort(), [...listed].sort(), 'each list argument once, with its input type');
  });

  test('Completion_InsideAMutationsInputObject_OffersTheInputTypesFieldsAtAnyDepth', async () => {
    // The mutation's input (PlaceOrderInput, read from C#) as introspection gives it: a GraphiQL user's first reach.
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '' }));

    const members = await completionsAt(page, 'mutation { placeOrder(input: {}) { id } }', 'mutation { placeOrder(input: {');
    for (const member of ['customerId', 'lines', 'note']) {
      assert.ok(members.some((text) => text.startsWith(member)), `${member} of PlaceOrderInput: ${members}`);
    }

    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    const line = await completionsAt(page, 'mutation { placeOrder(input: {customerId: 1, lines: [{}]}) { id } }', 'mutation { placeOrder(input: {customerId: 1, lines: [{');
    assert.ok(['productId', 'quantity'].every((member) => line.some((text) => text.startsWith(member))), `OrderLineInput: ${line}`);
    await page.keyboard.insertText('qu');
    await acceptCompletion(page, 'quantity');
    await waitForQuery(page, 'mutation { placeOrder(input: {customerId: 1, lines: [{quantity: }]}) { id } }');
  });
});

