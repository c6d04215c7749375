import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { acceptCompletion, editor, queryText, responseJson, runQuery, setQuery, waitForQuery, waitForStatus } from './playgroundPage.mjs';
import { outputDir, playgroundSuite, search } from './playgroundSuite.mjs';
import { repoRoot } from './playgroundServer.mjs';

describe('playground', () => {
  const suite = playgroundSuite('playground');
  const open = (search) => suite.open(search);

  async function normalized(query, type) {
    const params = new URLSearchParams({ query });
    if (type) {
      params.set('type', type);
    }

    const response = await fetch(`${suite.url}/popcorn/normalize?${params}`);
    return { status: response.status, body: await response.json() };
  }

  test('Load_ShowsEveryModelTypeAndResourceFromTheSchema', async () => {
    const { page, errors } = await open();

    assert.equal(await page.title(), 'Popcorn playground');
    for (const type of suite.schema.types) {
      await page.getByTestId(`explorer-type-${type.name}`).waitFor();
    }

    for (const resource of suite.schema.resources) {
      await page.getByTestId(`explorer-resource-${resource.name}`).waitFor();
    }

    assert.deepEqual(errors, []);
  });

  test('Explorer_OpeningAType_ListsItsFieldsWithBadges', async () => {
    const { page } = await open(search({ resource: 'employees', query: '' }));
    const department = suite.schema.types.find((type) => type.name === 'Department');

    await page.getByTestId('explorer-type-Department').locator('summary').click();

    for (const field of department.fields) {
      const row = page.getByTestId(`explorer-field-Department-${field.name}`);
      assert.equal(await row.isVisible(), true, `${field.name} is visible`);
    }

    const defaultField = department.fields.find((field) => field.isDefault);
    const defaultRow = page.locator('[data-testid=explorer-type-Department] .field', { has: page.getByTestId(`explorer-field-Department-${defaultField.name}`) });
    assert.match(await defaultRow.textContent(), /Default/);
  });

  test('Explorer_ClickingFields_AddsThemAtTheRightNesting', async () => {
    const { page } = await open(search({ resource: 'employees', syntax: 'include', query: '[id]' }));

    await page.getByTestId('explorer-type-Employee').locator('summary').click().catch(() => {});
    await page.getByTestId('explorer-type-Employee').evaluate((section) => (section.open = true));
    await page.getByTestId('explorer-field-Employee-email').click();
    await waitForQuery(page, '[id,email]');

    await page.getByTestId('explorer-type-Car').evaluate((section) => (section.open = true));
    await page.getByTestId('explorer-field-Car-make').click();
    await waitForQuery(page, '[id,email,vehicles[make]]');

    // The cursor now sits inside vehicles[...], so the next Car field lands beside make.
    await page.getByTestId('explorer-field-Car-model').click();
    await waitForQuery(page, '[id,email,vehicles[make,model]]');
  });

  test('Editor_AcceptingACompletion_InsertsTheFieldName', async () => {
    const { page } = await open(search({ resource: 'employees', syntax: 'include', query: '' }));

    await editor(page).click();
    await page.keyboard.type('[id,mana');
    await acceptCompletion(page, 'manager');
    await waitForQuery(page, '[id,manager]');

    // Inside manager[...] the completions are Employee's fields again, resolved through the nesting.
    await page.keyboard.type('[las');
    await acceptCompletion(page, 'lastName');
    await waitForQuery(page, '[id,manager[lastName]]');
  });

  test('Editor_CompletesAListsAggregate_AndItsCount_ThenRunsIt', async () => {
    const { page } = await open(search({ resource: 'employee', 'param.id': '1', syntax: 'include', query: '' }));

    await editor(page).click();
    await page.keyboard.type('[id,vehiclesAgg');
    await acceptCompletion(page, 'vehiclesAggregate');
    await waitForQuery(page, '[id,vehiclesAggregate]');

    // Inside vehiclesAggregate[...] the completions are the aggregate type's, read from /popcorn/schema.
    await page.keyboard.type('[co');
    await acceptCompletion(page, 'count');
    await waitForQuery(page, '[id,vehiclesAggregate[count]]');
    await runQuery(page);

    assert.match(await page.getByTestId('response-status').textContent(), /^200/);
    const expected = await (await fetch(`${suite.url}/api/employees/1?include=${encodeURIComponent('[id,vehicles[make]]')}`)).json();
    assert.ok(expected.vehicles.length > 0);
    assert.deepEqual(await responseJson(page), { id: 1, vehiclesAggregate: { count: expected.vehicles.length } });
  });

  test('Editor_CompletesAMeasure_AndTheFieldItMeasures_ThenRunsIt', async () => {
    const { page } = await open(search({ resource: 'storeCustomers', syntax: 'include', query: '' }));

    await editor(page).click();
    await page.keyboard.type('(first: 3)[name,ordersAggregate[ma');
    await acceptCompletion(page, 'max');
    await waitForQuery(page, '(first: 3)[name,ordersAggregate[max]]');

    // Inside max[...] the completions are OrderMaxima's: the order's sortable fields, from /popcorn/schema.
    await page.keyboard.type('[plac');
    await acceptCompletion(page, 'placedAt');
    await waitForQuery(page, '(first: 3)[name,ordersAggregate[max[placedAt]]]');
    await runQuery(page);

    assert.match(await page.getByTestId('response-status').textContent(), /^200/);
    const expected = await (await fetch(`${suite.url}/api/store/customers?include=${encodeURIComponent('(first: 3)[name,ordersAggregate[max[placedAt]]]')}`)).json();
    assert.equal(expected.length, 3);
    assert.ok(expected.some((customer) => customer.ordersAggregate.max.placedAt));
    assert.deepEqual(await responseJson(page), expected);
  });

  test('Run_RestResource_ShowsTheJsonAndTheSavings', async () => {
    const query = '[id,firstName]';
    const { page } = await open(search({ resource: 'employee', 'param.id': '1', syntax: 'include', query }));

    await runQuery(page);

    assert.match(await page.getByTestId('response-status').textContent(), /^200/);
    const expected = await (await fetch(`${suite.url}/api/employees/1?include=${encodeURIComponent(query)}`)).json();
    assert.deepEqual(await responseJson(page), expected);
    assert.match(await page.getByTestId('savings-figure').textContent(), /^saved \d+(\.\d+)? (B|KB|MB) \(\d+%\)$/);
  });

  test('Run_Gateway_ShowsTheDataAndTheSavings', async () => {
    const query = '{ employee(id: 1) { id firstName } }';
    const { page } = await open(search({ resource: 'graphql', syntax: 'graphql', query }));

    await runQuery(page);

    assert.match(await page.getByTestId('response-status').textContent(), /^200/);
    const body = await responseJson(page);
    assert.equal(body.data.employee.id, 1);
    assert.match(await page.getByTestId('savings-figure').textContent(), /^saved .+ \(\d+%\)$/);
  });

  test('Run_GatewayWithVariables_SendsThemAndMarksNothingWhenTheyFit', async () => {
    const query = 'query One($id: Int!) { employee(id: $id) { id firstName } }';
    const { page } = await open(search({ resource: 'graphql', syntax: 'graphql', query, variables: '{ "id": 2 }' }));

    // The document is checked with the variables box bound (/popcorn/check?variables=): values that fit mark nothing.
    await waitForStatus(page, /^No errors\.$/);
    assert.equal(await page.locator('[data-testid=query-input] .cm-lintRange-warning').count(), 0);
    assert.equal(await page.locator('[data-testid=query-input] .cm-lintRange-error').count(), 0);
    await runQuery(page);

    assert.match(await page.getByTestId('response-status').textContent(), /^200/);
    assert.equal((await responseJson(page)).data.employee.id, 2);
  });

  test('Explorer_ListArgumentsAndSortableFilterableMarks_ComeFromTheSchema', async () => {
    const { page } = await open(search({ resource: 'storeCustomers', syntax: 'include', query: '[id]' }));
    const customer = suite.schema.types.find((type) => type.name === 'Customer');
    const orders = customer.fields.find((field) => field.name === 'orders');
    assert.ok(orders.arguments?.includes('orderBy'), 'the schema gives a customer\'s orders their arguments');

    const section = page.getByTestId('explorer-type-Customer');
    await section.evaluate((details) => (details.open = true));
    const row = section.locator('.field[data-field=orders]');
    assert.equal(await row.locator('.arguments').textContent(), `(${orders.arguments.join(', ')})`);

    // Every field the schema marks Sortable or Filterable carries the mark, and no other does.
    const order = suite.schema.types.find((type) => type.name === 'Order');
    const orderSection = page.getByTestId('explorer-type-Order');
    await orderSection.evaluate((details) => (details.open = true));
    const marked = (badge) => orderSection.locator('.field').filter({ has: page.locator(`.badge-${badge}`) }).evaluateAll((rows) => rows.map((row) => row.dataset.field));
    assert.deepEqual(await marked('sortable'), order.fields.filter((field) => field.isSortable).map((field) => field.name));
    assert.deepEqual(await marked('filterable'), order.fields.filter((field) => field.isFilterable).map((field) => field.name));
    assert.ok(order.fields.some((field) => field.isSortable), 'the store marks some Order fields Sortable');
  });

  test('Convert_BetweenSyntaxes_UsesTheServersCanonicalForms', async () => {
    const query = '[id, manager[firstName]]';
    const { page } = await open(search({ resource: 'employees', syntax: 'include', query }));
    const expected = (await normalized(query)).body;

    await page.getByTestId('syntax-graphql').click();
    await waitForQuery(page, expected.graphql);
    assert.equal(expected.graphql, '{ id manager { firstName } }');
    assert.equal(await page.getByTestId('syntax-graphql').getAttribute('aria-pressed'), 'true');

    await page.getByTestId('syntax-include').click();
    await waitForQuery(page, expected.include);
    assert.equal(expected.include, '[id,manager[firstName]]');
  });

  test('Convert_IncludeStartingWithRootArguments_IsLabelledIncludeAndConverts', async () => {
    // README's own form: root arguments, then the include selection. The syntax is what follows the arguments.
    const query = '(first: 5, orderBy: {placedAt: DESC})[id]';
    const { page } = await open(search({ resource: 'storeOrders', query }));
    await waitForQuery(page, query);
    assert.equal(await page.getByTestId('syntax-include').getAttribute('aria-pressed'), 'true');
    const expected = (await normalized(query)).body;

    await page.getByTestId('syntax-graphql').click();
    await waitForQuery(page, expected.graphql);
    assert.ok(expected.graphql.includes('{'), expected.graphql);
    assert.equal(await page.getByTestId('syntax-graphql').getAttribute('aria-pressed'), 'true');
  });

  test('Lint_UnknownField_MarksTheReportedPosition', async () => {
    const query = '[id,firstNam]';
    const { page } = await open(search({ resource: 'employees', syntax: 'include', query: '' }));
    const problem = (await normalized(query, 'Employee')).body;

    await setQuery(page, query);

    const marker = page.locator('[data-testid=query-input] .cm-lintRange-error');
    await marker.first().waitFor({ timeout: 10_000 });
    const marked = (await marker.allTextContents()).join('');
    assert.equal(problem.line, 1);
    assert.equal(marked, query.slice(problem.column - 1, problem.column - 1 + marked.length));
    assert.equal(marked, 'firstNam');
    assert.match(await page.getByTestId('query-status').textContent(), new RegExp(`^Line ${problem.line}, column ${problem.column}: `));
  });

  test('Lint_GatewayUnknownField_MarksItInsideItsRootField', async () => {
    const query = '{ employees { id firstNam } }';
    const { page } = await open(search({ resource: 'graphql', syntax: 'graphql', query: '' }));

    await setQuery(page, query);

    const marker = page.locator('[data-testid=query-input] .cm-lintRange-error');
    await marker.first().waitFor({ timeout: 10_000 });
    assert.equal((await marker.allTextContents()).join(''), 'firstNam');
    assert.match(await page.getByTestId('query-status').textContent(), new RegExp(`^Line 1, column ${query.indexOf('firstNam') + 1}: `));
  });

  test('Lint_SyntaxError_MarksTheReportedPosition', async () => {
    const query = '[id,,firstName]';
    const { page } = await open(search({ resource: 'employees', syntax: 'include', query: '' }));
    const problem = (await normalized(query)).body;

    await setQuery(page, query);

    await page.locator('[data-testid=query-input] .cm-lintRange-error, [data-testid=query-input] .cm-lintPoint-error').first().waitFor({ timeout: 10_000 });
    assert.match(await page.getByTestId('query-status').textContent(), new RegExp(`^Line ${problem.line}, column ${problem.column}: `));
  });

  test('UrlState_Reload_RestoresQuerySyntaxAndTarget', async () => {
    const { page } = await open(search({ resource: 'employee', 'param.id': '2', syntax: 'graphql', query: '{ id firstName }' }));
    await waitForQuery(page, '{ id firstName }');
    assert.equal(await page.getByTestId('target-select').inputValue(), 'employee');
    assert.equal(await page.getByTestId('param-id').inputValue(), '2');
    assert.equal(await page.getByTestId('syntax-graphql').getAttribute('aria-pressed'), 'true');

    await setQuery(page, '{ id lastName }');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('query') === '{ id lastName }');
    await page.getByTestId('param-id').fill('');
    await page.getByTestId('param-id').pressSequentially('34');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('param.id') === '34');
    await page.reload();
    await page.getByTestId('run').waitFor();

    assert.equal(await queryText(page), '{ id lastName }');
    assert.equal(await page.getByTestId('param-id').inputValue(), '34');
  });

  test('Curl_RestResource_QuotesTheSelection', async () => {
    const { page } = await open(search({ resource: 'employees', syntax: 'include', query: "[id,firstName]" }));

    await page.getByTestId('copy-curl').click();

    const command = await page.getByTestId('curl-command').textContent();
    assert.equal(command, `curl -G '${suite.url}/api/employees' --data-urlencode 'include=[id,firstName]'`);
  });

  test('Screenshot_AfterARun_IsSavedForTheDocs', async () => {
    const query = '[id,firstName,lastName,manager[firstName],vehicles[make,model]]';
    const { page } = await open(search({ resource: 'employees', syntax: 'include', query }));
    await runQuery(page);
    await page.getByTestId('explorer-type-Car').evaluate((section) => (section.open = true));
    await page.mouse.move(0, 0);

    const image = await page.screenshot();
    const fs = await import('node:fs/promises');
    await fs.writeFile(path.join(outputDir, 'playground.png'), image);
    // The committed docs/playground.png changes only on request, so a test run leaves the tree clean.
    if (process.env.POPCORN_UPDATE_SCREENSHOT === '1') {
      await mkdir(path.join(repoRoot, 'docs'), { recursive: true });
      await fs.writeFile(path.join(repoRoot, 'docs', 'playground.png'), image);
    }
    assert.ok(image.length > 10_000);
  });
});
