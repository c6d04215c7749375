// What the page says, and what it must not say (issue 17, item 4).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { editor, errorMarkers } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('feedback', () => {
  const suite = playgroundSuite('feedback');

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
