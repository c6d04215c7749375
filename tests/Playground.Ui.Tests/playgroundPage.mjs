// What the tests do to the page, in the words a person would use: open it, write a query, run it.

/** The design's laptop; tests of other screens pass their own viewport. */
export const desktopViewport = { width: 1440, height: 900 };

/**
 * Opens the playground (optionally with URL state) in a fresh context, so storage starts empty.
 * `errors` collects uncaught exceptions; `consoleErrors` what the console shows as errors,
 * failed requests included ("Failed to load resource: … 400").
 */
export async function openPlayground(browser, baseUrl, search = '', { viewport = desktopViewport } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  const consoleErrors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      consoleErrors.push(`${message.text()} (${message.location().url})`);
    }
  });
  await page.goto(`${baseUrl}/${search}`);
  await page.getByTestId('run').waitFor();
  await editor(page).waitFor();
  return { page, errors, consoleErrors, close: () => context.close() };
}

export const editor = (page) => page.getByTestId('query-input');

/** The editor's text, line by line as rendered (queries in these tests are short, so all lines are). */
export async function queryText(page) {
  const lines = await editor(page).locator('.cm-line').evaluateAll((elements) =>
    // The placeholder is a widget inside the empty line; it is not part of the text.
    elements.map((line) => [...line.childNodes].filter((node) => !node.classList?.contains('cm-placeholder')).map((node) => node.textContent).join('')),
  );
  return lines.join('\n');
}

/** Replaces the query as a paste would (no bracket auto-closing, no completion popups). */
export async function setQuery(page, text) {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  if (text) {
    await page.keyboard.insertText(text);
  }
}

export async function waitForQuery(page, expected) {
  await page.waitForFunction(
    (expected) => {
      const lines = [...document.querySelectorAll('[data-testid=query-input] .cm-line')].map((line) =>
        [...line.childNodes].filter((node) => !node.classList?.contains('cm-placeholder')).map((node) => node.textContent).join(''),
      );
      return lines.join('\n') === expected;
    },
    expected,
    { timeout: 10_000 },
  ).catch(async () => {
    throw new Error(`The query never became ${JSON.stringify(expected)}; it is ${JSON.stringify(await queryText(page))}.`);
  });
}

/** Runs the query and waits until the status and the full-size comparison are shown. */
export async function runQuery(page) {
  await page.getByTestId('run').click();
  await page.getByTestId('response-status').waitFor();
  await page.getByTestId('savings-figure').waitFor({ timeout: 20_000 });
}

/**
 * The pretty-printed response body as shown, parsed back into a value. The viewer draws only the
 * rows in view (and a margin), so this reads whole responses only when they are short.
 */
export async function responseJson(page) {
  const lines = await page.getByTestId('response-body').locator('.json-text').allTextContents();
  return JSON.parse(lines.join('\n'));
}

/** The rows of the response viewer now in the DOM, as text. */
export const responseRows = (page) => page.getByTestId('response-body').locator('.json-line').allTextContents();

/** Waits for `label` to be the selected completion, then takes it with Enter. */
export async function acceptCompletion(page, label) {
  await page.locator('.cm-tooltip-autocomplete li[aria-selected]', { hasText: label }).waitFor();
  // CodeMirror ignores Enter for a moment after the list opens (its interactionDelay), so a
  // keystroke typed ahead never picks something the person had not seen.
  await page.waitForTimeout(150);
  await page.keyboard.press('Enter');
}

/** The query status line under the editor ("No errors.", "Line 1, column 2: …"). */
export const queryStatus = (page) => page.getByTestId('query-status');

/** Waits until the status line under the editor matches `pattern`. */
export async function waitForStatus(page, pattern) {
  await page.waitForFunction(
    ({ source, flags }) => new RegExp(source, flags).test(document.querySelector('[data-testid=query-status]')?.textContent ?? ''),
    { source: pattern.source, flags: pattern.flags },
    { timeout: 10_000 },
  ).catch(async () => {
    throw new Error(`The query status never matched ${pattern}; it says ${JSON.stringify(await queryStatus(page).textContent())}.`);
  });
}

/** Picks another target in the target bar, as a person would with the select. */
export async function chooseTarget(page, name) {
  await page.getByTestId('target-select').selectOption(name);
}

/** The editor's error markers (red underlines), as the marked text. */
export const errorMarkers = (page) => editor(page).locator('.cm-lintRange-error');
export const warningMarkers = (page) => editor(page).locator('.cm-lintRange-warning');
