// Accessibility (issue 17, outcome 4): axe-core finds nothing serious or critical in the main
// states, light and dark; the keyboard reaches the main controls and always shows where it is.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { errorMarkers, runQuery, setQuery } from './playgroundPage.mjs';
import { outputDir, playgroundSuite, search } from './playgroundSuite.mjs';
import { ringOf, seriousViolations } from './accessibilityChecks.mjs';

const phone = { width: 390, height: 844 };

/** A run answered with a problem: the editor's marker, the status line and a 400 response. */
async function showAnError(page) {
  await setQuery(page, '[id,nope]');
  await errorMarkers(page).first().waitFor({ timeout: 10_000 });
  await page.getByTestId('run').click();
  await page.getByTestId('response-status').filter({ hasText: '400' }).waitFor();
}

describe('accessibility', () => {
  const suite = playgroundSuite('accessibility');
  const employees = search({ resource: 'employees', syntax: 'include', query: '[id,firstName,manager[firstName]]' });

  test('Axe_Desktop_NoSeriousViolationsLoadedRunAndWithAnError', async () => {
    const { page } = await suite.open(employees);
    assert.deepEqual(await seriousViolations(page), [], 'on load');

    await runQuery(page);
    assert.deepEqual(await seriousViolations(page), [], 'after a run');

    await showAnError(page);
    assert.deepEqual(await seriousViolations(page), [], 'with an error');
  });

  test('Axe_Phone_NoSeriousViolationsOnAnyTab', async () => {
    const { page } = await suite.open(employees, { viewport: phone });
    await runQuery(page);

    for (const tab of ['explorer', 'query', 'response']) {
      await page.getByTestId(`tab-${tab}`).click();
      assert.deepEqual(await seriousViolations(page), [], `on the ${tab} tab`);
    }
  });

  test('Axe_Tablet_NoSeriousViolationsWithTheGatewayAndTargetSizesKept', async () => {
    // At 768 px the layout has two columns; axe's target-size (WCAG 2.2's 24 px targets) is the rule this width broke.
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '{ orders(first: 2) { id } }' }), { viewport: { width: 768, height: 1024 } });
    await runQuery(page);
    assert.deepEqual(await seriousViolations(page, { targetSize: true }), [], 'the gateway at 768 px');
    await page.getByTestId('explorer-input-OrderSort').locator('summary').click();
    assert.deepEqual(await seriousViolations(page, { targetSize: true }), [], 'with the explorer open');
  });

  test('Axe_DarkScheme_FollowsTheSystemWithNoSeriousViolations', async () => {
    const { page } = await suite.open(employees);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();

    await page.emulateMedia({ colorScheme: 'dark' });

    assert.notEqual(await background(), light, 'the page turns dark with the system');
    assert.deepEqual(await seriousViolations(page), [], 'dark, on load');
    await runQuery(page);
    assert.deepEqual(await seriousViolations(page), [], 'dark, after a run');
    await page.screenshot({ path: path.join(outputDir, 'screen-1440-dark.png') });
    await showAnError(page);
    assert.deepEqual(await seriousViolations(page), [], 'dark, with an error');
  });

  test('Landmarks_BannerMainAndOneH1_PanesUnderH2s', async () => {
    const { page } = await suite.open(employees);

    assert.equal(await page.getByRole('banner').count(), 1);
    assert.equal(await page.getByRole('main').count(), 1);
    assert.equal(await page.getByRole('navigation', { name: 'Model explorer' }).count(), 1);
    assert.deepEqual(await page.locator('h1').allTextContents(), ['Popcornplayground']);
    assert.deepEqual(await page.locator('.pane-head h2').allTextContents(), ['Query', 'Response']);
  });

  test('Keyboard_SkipLink_IsTheFirstStopAndMovesFocusToTheQuery', async () => {
    const { page } = await suite.open(employees);

    // First in the document's order of everything the keyboard can reach, so the first Tab into the page finds it.
    const first = await page.evaluate(() => document.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable=true]')?.dataset.testid);
    assert.equal(first, 'skip-to-query');
    const skip = page.getByTestId('skip-to-query');
    assert.ok((await skip.boundingBox()).y < 0, 'off screen until focused');
    await skip.focus();
    assert.ok((await skip.boundingBox()).y >= 0, 'the focused skip link is on screen');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'pane-query');

    // The next Tab from there lands inside the query pane, not back in the banner or the explorer.
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => document.getElementById('pane-query').contains(document.activeElement)));
  });

  test('Keyboard_ConvertWithEnter_KeepsFocusOnTheButton', async () => {
    const { page } = await suite.open(employees);
    await page.getByTestId('syntax-graphql').focus();

    await page.keyboard.press('Enter');
    await page.getByTestId('syntax-graphql').and(page.locator('[aria-pressed=true]')).waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid=syntax-graphql]').disabled);

    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'syntax-graphql');
  });

  test('Keyboard_Tab_ReachesPickerEditorRunAndResponseWithAVisibleRing', async () => {
    const { page } = await suite.open(employees);
    await runQuery(page);
    const stops = {
      picker: '[data-testid=target-select]',
      editor: '[data-testid=query-input]',
      run: '[data-testid=run]',
      response: '[data-testid=response-scroller]',
    };

    // A click on the heading moves the keyboard's starting point to the top of the page.
    await page.locator('h1').click();
    const focusedRings = {};
    for (let presses = 0; presses < 600 && Object.keys(focusedRings).length < 4; presses++) {
      await page.keyboard.press('Tab');
      for (const [name, selector] of Object.entries(stops)) {
        if (!(name in focusedRings) && (await page.evaluate((selector) => document.activeElement?.matches(selector), selector))) {
          focusedRings[name] = await ringOf(page, selector);
        }
      }
    }

    assert.deepEqual(Object.keys(focusedRings).sort(), Object.keys(stops).sort(), 'Tab reaches every stop');
    await page.evaluate(() => document.activeElement?.blur());
    for (const [name, selector] of Object.entries(stops)) {
      assert.notEqual(focusedRings[name], await ringOf(page, selector), `${name} shows a focus indicator`);
    }
  });
});
