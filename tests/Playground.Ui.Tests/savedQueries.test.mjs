// Saved queries (issue 17, outcome 1): several queries kept under names of the user's own, across reloads.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { queryText, runQuery, setQuery } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('saved queries', () => {
  const suite = playgroundSuite('savedQueries');

  test('Saved_FromRecent_RenamedKeptAcrossReloadOpenedAndRemoved', async () => {
    const { page } = await suite.open(search({ resource: 'cars', syntax: 'include', query: '[make]' }));
    await runQuery(page);
    await setQuery(page, '[make,model]');
    await runQuery(page);

    // Recent is newest first: the second entry is the first query.
    await page.getByTestId('recent-save').nth(1).click();
    const name = page.getByTestId('saved-name');
    assert.equal(await name.inputValue(), 'cars [make]');
    await name.fill('Car makes');
    await name.press('Enter');
    await name.blur();

    await page.reload();
    await page.getByTestId('saved').waitFor();
    assert.equal(await page.getByTestId('saved-name').inputValue(), 'Car makes');

    await setQuery(page, '[year]');
    await page.getByTestId('saved-open').click();
    assert.equal(await queryText(page), '[make]');
    assert.equal(new URL(page.url()).searchParams.get('resource'), 'cars');

    await page.getByRole('button', { name: 'Remove Car makes' }).click();
    assert.equal(await page.getByTestId('saved').isHidden(), true);
    assert.equal(await page.evaluate(() => localStorage.getItem('popcorn.playground.saved')), '[]');
  });
});
