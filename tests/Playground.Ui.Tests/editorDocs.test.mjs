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
});
