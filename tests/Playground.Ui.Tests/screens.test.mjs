// Any screen (issue 17, outcome 3): the phone's one column with tabs, the tablet's two columns, the
// laptops' three; nothing overflows sideways at any of them, and the main tasks work on each.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { editor, responseRows, runQuery, setQuery, waitForQuery } from './playgroundPage.mjs';
import { outputDir, playgroundSuite, search } from './playgroundSuite.mjs';
import { horizontalOverflow, isShown } from './screenChecks.mjs';

const screens = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
  { name: 'small-laptop', viewport: { width: 1024, height: 768 } },
  { name: 'laptop', viewport: { width: 1440, height: 900 } },
];

async function assertNothingOverflows(page, when) {
  const { scrollWidth, viewport, beyond } = await horizontalOverflow(page);
  assert.ok(scrollWidth <= viewport, `${when}: the page scrolls sideways (${scrollWidth} > ${viewport})`);
  assert.deepEqual(beyond, [], `${when}: elements reach past the right edge`);
}

/** On a phone the pane must be chosen with its tab first; elsewhere every pane is shown. */
async function showPane(page, pane) {
  const tab = page.getByTestId(`tab-${pane}`);
  if (await isShown(tab)) {
    await tab.click();
  }
}

describe('screens', () => {
  const suite = playgroundSuite('screens');

  for (const { name, viewport } of screens) {
    test(`Screen_${viewport.width}px_NothingOverflowsAndAQueryRuns`, async () => {
      const { page, errors } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '[id]' }), { viewport });
      await assertNothingOverflows(page, 'on load');

      await showPane(page, 'query');
      await setQuery(page, '[id,firstName,manager[firstName]]');
      await runQuery(page);

      assert.equal(await isShown(page.getByTestId('response-body')), true, 'the response is in view after the run');
      assert.match((await responseRows(page)).join('\n'), /"firstName": /);
      await assertNothingOverflows(page, 'after a run');
      await page.screenshot({ path: path.join(outputDir, `screen-${viewport.width}-${name}.png`) });
      for (const pane of ['explorer', 'query']) {
        await showPane(page, pane);
        await assertNothingOverflows(page, `with the ${pane} in view`);
      }

      assert.deepEqual(errors, []);
    });
  }

  test('ShortPhone_LongStatusMessage_KeepsItsHeightAboveTheBoxesBelow', async () => {
    // A wrapped message used to be squeezed to the line's 20 px and ran over the Variables heading below it, once the
    // query pane's boxes were taller than the screen (a phone held sideways, or the gateway's variables and headers).
    const query = '{ employees { id firstNameOfTheEmployeeAsWrittenOnTheirBadgeAndInTheDirectory } }';
    const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '' }), { viewport: { width: 390, height: 640 } });
    await showPane(page, 'query');
    await setQuery(page, query);
    const status = page.locator('[data-testid=query-status].is-error');
    await status.waitFor({ timeout: 10_000 });

    const box = await status.evaluate((element) => {
      let next = element.nextElementSibling;
      while (next && next.getBoundingClientRect().height === 0) {
        next = next.nextElementSibling;
      }

      const rect = element.getBoundingClientRect();
      return { text: element.textContent, scrollHeight: element.scrollHeight, height: rect.height, bottom: rect.bottom, nextTop: next.getBoundingClientRect().top };
    });
    assert.ok(box.scrollHeight > 40, `the message wraps on a phone: ${box.text} (${box.scrollHeight} px)`);
    assert.ok(box.scrollHeight <= box.height + 1, `the message is cut to ${box.height} px of its ${box.scrollHeight}`);
    assert.ok(box.bottom <= box.nextTop + 1, `the message (bottom ${box.bottom}) runs over what follows it (top ${box.nextTop})`);
  });

  for (const width of [1280, 1366, 1440]) {
    test(`Laptop_${width}px_GatewayTopBarStaysOneRow`, async () => {
      // The gateway adds the document's sha256 id beside Run: the bar used to wrap it onto a second row.
      const { page } = await suite.open(search({ resource: 'graphql', syntax: 'graphql', query: '{ employees { id firstName } }' }), { viewport: { width, height: 900 } });
      await page.getByTestId('query-hash').waitFor();
      const rows = await page.evaluate(() => {
        const bar = document.querySelector('.topbar');
        const items = [...bar.querySelectorAll('.brand, .target-bar, .topbar-actions > *')].filter((e) => e.getBoundingClientRect().height > 0);
        return items.map((e) => ({ name: e.className || e.tagName, top: Math.round(e.getBoundingClientRect().top), bottom: Math.round(e.getBoundingClientRect().bottom) }));
      });
      const firstBottom = Math.min(...rows.map((r) => r.bottom));
      assert.ok(rows.every((r) => r.top < firstBottom), `the bar wraps: ${JSON.stringify(rows)}`);
    });
  }

  test('Phone_Tabs_ShowOnePaneAtATime', async () => {
    const { page } = await suite.open(search({ resource: 'employees', syntax: 'include', query: '[id]' }), { viewport: screens[0].viewport });
    const explorer = page.getByTestId('explorer');
    const response = page.locator('#pane-response');

    assert.equal(await isShown(editor(page)), true, 'the query is the first tab');
    assert.equal(await isShown(explorer), false);
    assert.equal(await page.getByTestId('tab-query').getAttribute('aria-selected'), 'true');

    await page.getByTestId('tab-explorer').click();
    assert.equal(await isShown(explorer), true);
    assert.equal(await isShown(editor(page)), false);

    // Picking a field brings the query back, with the field in it.
    await page.getByTestId('explorer-field-Employee-email').click();
    await waitForQuery(page, '[id,email]');
    assert.equal(await isShown(editor(page)), true);

    await page.getByTestId('tab-response').click();
    assert.equal(await isShown(response), true);
    assert.equal(await isShown(editor(page)), false);

    // The arrow keys move between tabs.
    await page.getByTestId('tab-response').press('ArrowLeft');
    assert.equal(await page.getByTestId('tab-query').getAttribute('aria-selected'), 'true');
    assert.equal(await isShown(editor(page)), true);
  });

  test('Phone_TypeAndRun_ShowsTheResponseTab', async () => {
    const { page } = await suite.open(search({ resource: 'cars', syntax: 'include', query: '' }), { viewport: screens[0].viewport });

    await setQuery(page, '[make,model]');
    await page.getByTestId('run').click();

    await page.getByTestId('response-status').waitFor();
    assert.equal(await page.getByTestId('tab-response').getAttribute('aria-selected'), 'true');
    assert.equal(await isShown(page.getByTestId('response-body')), true);
    assert.equal(await isShown(editor(page)), false);
    const rows = (await responseRows(page)).join('\n');
    assert.match(rows, /"make": /);
    assert.match(rows, /"model": /);
  });
});
