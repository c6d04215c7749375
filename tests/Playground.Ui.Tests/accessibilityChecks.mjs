// axe-core from npm, injected into the page as source (no CDN on a closed network), and a
// measure of the focus indicator.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical violations axe finds on the page as it is now, one line each. `targetSize` also runs
 * WCAG 2.2's `target-size` rule (24 px targets), which axe leaves off by default.
 */
export async function seriousViolations(page, { targetSize = false } = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: axeSource });
  }

  const options = { resultTypes: ['violations'], rules: { 'target-size': { enabled: targetSize } } };
  const violations = await page.evaluate(async (options) => (await window.axe.run(document, options)).violations, options);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(', ')}`);
}

/**
 * How the element and its nearest ancestors draw their outline and shadow: a focus ring may sit on
 * a wrapper (the editor's host draws the ring for CodeMirror's content), so a change on any of them
 * counts as the indicator.
 */
export function ringOf(page, selector) {
  return page.evaluate((selector) => {
    const parts = [];
    for (let element = document.querySelector(selector), depth = 0; element && depth < 4; element = element.parentElement, depth++) {
      const style = getComputedStyle(element);
      parts.push(`${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} / ${style.boxShadow}`);
    }

    return parts.join(' | ');
  }, selector);
}
