// How long the playground takes to show a large response: from the moment its bytes have
// arrived to the first painted frame after which the page takes input again, in headless
// Chromium. Run from the repository root after `dotnet build` and the browser tests' `npm ci`:
//
//   node bench/playground/render.mjs [runs] [case name filter]
//
// Prints a Markdown table; bench/results/playground-render.md keeps the committed figures.
import { launchBrowser } from '../../tests/Playground.Ui.Tests/browser.mjs';
import { startPlayground } from '../../tests/Playground.Ui.Tests/playgroundServer.mjs';

const runs = Number(process.argv[2] ?? 5);
const only = process.argv[3] ?? '';

// Gateway documents whose pretty-printed answers are about 0.5, 1 and 1.3 MB.
const cases = [
  { name: 'employees', query: '{ employees { __full } }' },
  { name: 'employees, cars, orders', query: '{ employees { __full } cars { __full } orders { __full } }' },
  { name: 'five lists', query: '{ employees { __full } cars { __full } departments { __full } orders { __full } customers { __full } }' },
];

// Installed before the page's own scripts: notes when the first /graphql body has arrived and
// when, after it, a frame has been painted and a task can run again; collects long tasks.
function instrument() {
  const render = { arrived: null, free: null, longTasks: [] };
  window.__render = render;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      render.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  const arrayBuffer = Response.prototype.arrayBuffer;
  Response.prototype.arrayBuffer = async function () {
    const buffer = await arrayBuffer.call(this);
    if (render.arrived === null && new URL(this.url).pathname === '/graphql') {
      render.arrived = performance.now();
      // The page renders in the task the body arrived in; this timeout runs once that task is
      // done, the frame callback once the next frame is being made, the last timeout after it.
      setTimeout(() => requestAnimationFrame(() => setTimeout(() => (render.free = performance.now()))));
    }

    return buffer;
  };
}

async function measure(browser, url, query) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(instrument);
    await page.goto(`${url}/?${new URLSearchParams({ resource: 'graphql', syntax: 'graphql', query })}`);
    await page.getByTestId('run').click();
    await page.waitForFunction(() => window.__render.free !== null, null, { timeout: 60_000 });
    // Work the first frame left behind (parsing, highlighting) shows up as long tasks later on.
    await page.waitForTimeout(2_000);
    return await page.evaluate(() => {
      const { arrived, free, longTasks } = window.__render;
      return {
        interactiveMs: free - arrived,
        longestTaskAfterMs: Math.max(0, ...longTasks.filter((task) => task.start >= free).map((task) => task.duration)),
        size: document.querySelector('[data-testid=response-size]')?.textContent ?? '',
        // .cm-line too, so the same script measures the CodeMirror viewer the virtual list replaced.
        shownLines: document.querySelectorAll('[data-testid=response-body] .cm-line, [data-testid=response-body] .json-line').length,
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startPlayground();
const browser = await launchBrowser();
try {
  console.log('| response | pretty-printed | interactive after arrival (median of %d) | slowest run | longest task afterwards | lines in the DOM |', runs);
  console.log('|---|---|---|---|---|---|');
  for (const { name, query } of cases.filter((c) => c.name.includes(only))) {
    const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const pretty = JSON.stringify(await response.json(), null, 2).length;
    const results = [];
    for (let run = 0; run < runs; run++) {
      results.push(await measure(browser, server.url, query));
    }

    const interactive = results.map((r) => r.interactiveMs);
    console.log(
      `| ${name} (${results[0].size}) | ${(pretty / 1024).toFixed(0)} KB | ${median(interactive).toFixed(0)} ms | ${Math.max(...interactive).toFixed(0)} ms | ` +
        `${median(results.map((r) => r.longestTaskAfterMs)).toFixed(0)} ms | ${results[0].shownLines} |`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
