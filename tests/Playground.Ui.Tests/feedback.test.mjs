// Small things the page says, and what it must not say (issue 17, item 4).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { editor, errorMarkers, runQuery } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('feedback', () => {
  const suite = playgroundSuite('feedback');

  test('Savings_ATinyShareOfTheFullResponse_NeverSays100Percent', async () => {
    // [id] of every employee is about 150 bytes of a full response near 190 KB: 99.92% saved.
    const { page } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '[id]' }));

    await runQuery(page);

    const figure = await page.getByTestId('savings-figure').textContent();
    assert.doesNotMatch(figure, /\(100%\)/);
    assert.match(figure, /^saved .+ \((99\.\d|>99\.9)%\)$/);
  });

  test('Explorer_FilterMatchingNothing_SaysSo', async () => {
    const { page } = await suite.open(search({ resource: 'employees', query: '' }));
    const empty = page.getByTestId('explorer-empty');
    assert.equal(await empty.isVisible(), false);

    await page.getByTestId('explorer-filter').fill('zzqx');

    await empty.waitFor();
    assert.equal(await empty.textContent(), 'No type, field or resource matches “zzqx”.');

    await page.getByTestId('explorer-filter').fill('make');
    await empty.waitFor({ state: 'hidden' });
    assert.equal(await page.getByTestId('explorer-field-Car-make').isVisible(), true);
  });

  test('Lint_TypingAnInvalidQuery_LogsNoConsoleErrors', async () => {
    const { page, errors, consoleErrors } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '' }));

    // Typed with pauses longer than the lint's delay, so every pause asks the server.
    await editor(page).click();
    for (const piece of ['[id,', 'firstNam', ',,', 'nope]']) {
      await page.keyboard.insertText(piece);
      await page.waitForTimeout(600);
    }

    await errorMarkers(page).first().waitFor({ timeout: 10_000 });
    // Convert asks the server too, with the query still invalid.
    await page.getByTestId('syntax-graphql').click();
    await page.getByTestId('query-status').filter({ hasText: 'Fix the query before converting it' }).waitFor();
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(errors, []);
  });
});
