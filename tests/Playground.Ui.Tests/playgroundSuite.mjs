// The set-up every test file shares: one app and one Chromium for the file's tests, a fresh
// browser context per opened page, and everything stopped afterwards.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './browser.mjs';
import { openPlayground } from './playgroundPage.mjs';
import { startPlayground } from './playgroundServer.mjs';

export const outputDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-results');

/**
 * Registers the file's before/after hooks and returns { url, schema, open(search) }; `name`
 * names the app's log in test-results/, so each file's log survives the others. `project` starts another app than
 * the sample, whose playground is at `pagePath` (the sample's is at /).
 */
export function playgroundSuite(name, { project = 'playground', pagePath = '' } = {}) {
  const opened = [];
  let server;
  let browser;
  const suite = {
    url: '',
    schema: null,
    /** `options.viewport` sizes the page (the 1440x900 laptop unless given). */
    async open(search = '', options = {}) {
      const session = await openPlayground(browser, server.url + pagePath, search, options);
      opened.push(session);
      return session;
    },
  };

  before(async () => {
    await mkdir(outputDir, { recursive: true });
    server = await startPlayground(path.join(outputDir, `${name}.app.log`), project);
    browser = await launchBrowser();
    suite.url = server.url;
    suite.schema = await (await fetch(`${server.url}/popcorn/schema`)).json();
  });

  after(async () => {
    await Promise.all(opened.map((session) => session.close().catch(() => {})));
    await browser?.close();
    await server?.stop();
  });

  return suite;
}

/** A page's URL state as a query string, e.g. search({ resource: 'cars', query: '[make]' }). */
export const search = (state) => `?${new URLSearchParams(state)}`;
