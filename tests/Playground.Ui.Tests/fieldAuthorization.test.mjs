// Acting as a user with or without a role (Development only): a customer's credit limit, which needs the sales
// policy, appears in the explorer and the response with the role and disappears without it (issues 14 and 17).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import { errorMarkers, responseRows, runQuery, waitForStatus } from './playgroundPage.mjs';
import { playgroundSuite, search } from './playgroundSuite.mjs';

describe('acting as a user for field authorization', () => {
  const suite = playgroundSuite('fieldAuthorization');

  test('ActAs_SalesRole_ShowsTheCreditLimitAndAnonymousHidesItAgain', async () => {
    const { page } = await suite.open(search({ resource: 'storeCustomers', syntax: 'include', query: '[id,creditLimit]' }));
    const creditLimit = page.getByTestId('explorer-field-Customer-creditLimit');
    const actAs = page.getByTestId('act-as');

    // Anonymous: the field does not exist for this caller, in the explorer and for the server's check.
    await actAs.waitFor();
    assert.equal(await actAs.inputValue(), '');
    assert.equal(await creditLimit.count(), 0);
    await errorMarkers(page).first().waitFor({ timeout: 10_000 });
    assert.equal((await errorMarkers(page).allTextContents()).join(''), 'creditLimit');

    // With the sales role (the page reloads as that caller; the query stays in the URL).
    await Promise.all([page.waitForEvent('load'), actAs.selectOption('sales')]);
    await page.getByTestId('run').waitFor();
    await creditLimit.waitFor();
    await waitForStatus(page, /^No errors\.$/);
    await runQuery(page);
    assert.match(await page.getByTestId('response-status').textContent(), /^200/);
    assert.ok((await responseRows(page)).some((row) => /"creditLimit": \d/.test(row)), 'the response shows credit limits');

    // Copy as curl carries the role: the copied command, run by a shell, is answered with the credit limits too.
    await page.getByTestId('copy-curl').click();
    const command = await page.getByTestId('curl-command').textContent();
    assert.ok(command.includes(" -b 'popcorn-dev-roles=sales'"), command);
    const { stdout } = await promisify(execFile)('sh', ['-c', `${command} -s`]);
    assert.match(stdout, /"creditLimit":\d/);
    await page.keyboard.press('Escape');

    // And back to anonymous: gone again.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('act-as').selectOption('')]);
    await page.getByTestId('act-as').waitFor();
    await errorMarkers(page).first().waitFor({ timeout: 10_000 });
    assert.equal(await page.getByTestId('explorer-field-Customer-creditLimit').count(), 0);
    await page.getByTestId('copy-curl').click();
    assert.ok(!(await page.getByTestId('curl-command').textContent()).includes(' -b '));
  });
});
