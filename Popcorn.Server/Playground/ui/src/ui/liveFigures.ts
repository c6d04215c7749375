import { fetchFigures, type Figures } from '../api/figures';
import { serverNames } from '../api/serverNames';
import { formatBytes, formatShare } from '../format/bytes';
import { h } from '../dom/element';

const numbers = new Intl.NumberFormat('en-US');

/** How often the figures are read while the page is visible: other clients' traffic moves them too. */
const refreshIntervalMs = 5_000;

/**
 * A few live figures from the server's meter under the query: selections by syntax and transport, the plan
 * cache's hit ratio, bytes written, persisted-query hits; and the bytes this page's own runs saved, which the
 * server does not measure (each run's `[!full]` comparison does). Hidden when the app serves no figures.
 */
export class LiveFigures {
  readonly element = h('section', { class: 'live-figures', 'data-testid': 'live-figures', 'aria-labelledby': 'live-figures-heading', hidden: true });
  private _savedBytes = 0;
  private _comparedRuns = 0;
  private _last: Figures | null = null;

  /** Reads the figures now and then every few seconds while the tab is visible; nothing when the app serves none. */
  start(): void {
    if (!serverNames().figuresPath) {
      return;
    }

    void this.refresh();
    window.setInterval(() => document.visibilityState === 'visible' && void this.refresh(), refreshIntervalMs);
  }

  async refresh(): Promise<void> {
    try {
      this.show(await fetchFigures());
    } catch {
      this.show(null); // the server is away; the next refresh tries again
    }
  }

  /** Adds one run's saving (full response minus selected), as the response panel measured it. */
  addSaving(bytes: number): void {
    this._savedBytes += bytes;
    this._comparedRuns++;
    this.render();
  }

  private show(figures: Figures | null): void {
    this._last = figures;
    this.render();
  }

  private render(): void {
    const figures = this._last;
    this.element.hidden = figures === null;
    if (!figures) {
      return;
    }

    const { selections, planCache, responses, persistedQueries } = figures;
    const bySyntax = `${count(selections.bySyntax.include)} include · ${count(selections.bySyntax.graphql)} GraphQL`;
    const byTransport = `${count(selections.byTransport.query)} query · ${count(selections.byTransport.header)} header · ${count(selections.byTransport.gateway)} gateway`;
    const ratio = planCache.hitRatio === null ? '–' : formatShare(planCache.hitRatio);
    this.element.replaceChildren(
      h('h3', { id: 'live-figures-heading' }, 'Live figures', h('span', { class: 'muted' }, ` since ${new Date(figures.since).toLocaleTimeString()}`)),
      h(
        'dl',
        {},
        figure('Selections', `${count(selections.total)} (${bySyntax}; ${byTransport})`, 'figure-selections'),
        figure('Plan cache hits', `${ratio} (${count(planCache.hits)} of ${count(planCache.hits + planCache.misses)})`, 'figure-plan-cache'),
        figure('Bytes written', `${formatBytes(responses.bytes)} in ${count(responses.count)} responses`, 'figure-bytes'),
        figure('Saved by your runs', this._comparedRuns === 0 ? 'run a query to compare' : `${formatBytes(this._savedBytes)} over ${count(this._comparedRuns)} runs`, 'figure-saved'),
        figure('Persisted queries', `${count(persistedQueries.hit)} hits · ${count(persistedQueries.miss)} misses · ${count(persistedQueries.stored)} stored`, 'figure-persisted'),
      ),
    );
  }
}

function figure(term: string, value: string, testId: string): HTMLElement {
  return h('div', { class: 'figure' }, h('dt', {}, term), h('dd', { 'data-testid': testId }, value));
}

function count(value: number | undefined): string {
  return numbers.format(value ?? 0);
}
