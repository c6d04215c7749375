import { formatBytes, formatDuration, savings } from '../format/bytes';
import type { Exchange } from '../run/exchange';
import type { RunDisplay } from '../run/runDisplay';
import { h } from '../dom/element';
import { JsonViewer } from './jsonViewer';
import { ResponseFind } from './responseFind';
import { ResponseTools } from './responseTools';

/**
 * The response column: status, time and size of the last run, how it compares with the full
 * response (the same request with the deep wildcard), the body with a find box. After a switch to
 * another target the last response stays for reference, dimmed under a line naming its request.
 */
export class ResponsePanel implements RunDisplay {
  readonly element: HTMLElement;
  private readonly _meta: HTMLElement;
  private readonly _savings: HTMLElement;
  private readonly _empty: HTMLElement;
  private readonly _viewer: JsonViewer;
  private readonly _find: ResponseFind;
  private readonly _stale: HTMLElement;
  private readonly _tools = new ResponseTools();
  private _selectedBytes = 0;
  /** The request line (`GET /api/cars`) of the response on screen; null while there is none. */
  private _shownFor: string | null = null;
  private _currentTarget = '';

  constructor() {
    this._meta = h('div', { class: 'response-meta', 'data-testid': 'response-meta' });
    this._savings = h('div', { class: 'savings', 'data-testid': 'savings', hidden: true });
    this._stale = h('div', { class: 'response-stale', 'data-testid': 'response-stale', role: 'note', hidden: true });
    this._empty = h(
      'div',
      { class: 'response-empty' },
      h('p', {}, 'Run the query to see the response.'),
      h('p', { class: 'hint' }, h('kbd', {}, 'Ctrl'), ' + ', h('kbd', {}, 'Enter'), ' runs it from the editor.'),
    );
    const body = h('div', { class: 'response-body' });
    this._viewer = new JsonViewer(body);
    this._find = new ResponseFind(this._viewer);
    this.element = h(
      'section',
      { class: 'pane response-pane', 'aria-label': 'Response' },
      h('header', { class: 'pane-head' }, h('h2', {}, 'Response'), this._meta),
      this._stale,
      this._savings,
      this._tools.element,
      this._empty,
      this._find.element,
      body,
    );
    body.hidden = true;
    this._find.element.hidden = true;
  }

  /** While a run is in flight: `stop` aborts it. */
  showPending(stop: () => void): void {
    this._meta.replaceChildren(
      h('span', { class: 'muted', 'data-testid': 'response-running' }, 'Running…'),
      h('button', { type: 'button', class: 'stop-button', 'data-testid': 'response-stop', title: 'Cancel the request', onclick: stop }, 'Stop'),
    );
    this._savings.hidden = true;
  }

  /** The user stopped the run before its answer arrived: say so in place of a response. */
  showStopped(requestLine: string): void {
    this._meta.replaceChildren(h('span', { class: 'status status-error', 'data-testid': 'response-status' }, 'Stopped'));
    this._savings.hidden = true;
    this._empty.hidden = true;
    this.showBody(`The request (${requestLine}) was cancelled before its answer arrived.`);
    this._tools.hide();
    this._shownFor = requestLine;
    this.markStaleness();
  }

  /** The request Run would now send; a response shown for another one is marked as stale. */
  showCurrentTarget(requestLine: string): void {
    this._currentTarget = requestLine;
    this.markStaleness();
  }

  showExchange(exchange: Exchange, requestLine: string): void {
    this._selectedBytes = exchange.bytes;
    const ok = exchange.status < 400;
    this._meta.replaceChildren(
      h('span', { class: `status ${ok ? 'status-ok' : 'status-error'}`, 'data-testid': 'response-status' }, `${exchange.status} ${exchange.statusText || ''}`.trim()),
      h('span', { 'data-testid': 'response-time' }, formatDuration(exchange.elapsedMs)),
      h('span', { 'data-testid': 'response-size' }, formatBytes(exchange.bytes)),
    );
    this._empty.hidden = true;
    this.showBody(exchange.body);
    this._tools.show(exchange);
    this._shownFor = requestLine;
    this.markStaleness();
  }

  /** Compares the shown response with the full one; `fullBytes` null says why there is no figure. */
  showFull(fullBytes: number | null, reason?: string): void {
    this._savings.hidden = false;
    if (fullBytes === null) {
      this._savings.replaceChildren(h('span', { class: 'muted' }, reason ?? 'No full-size comparison.'));
      return;
    }

    const { bytes, percent } = savings(this._selectedBytes, fullBytes);
    const share = fullBytes > 0 ? Math.min(100, (this._selectedBytes / fullBytes) * 100) : 100;
    this._savings.replaceChildren(
      h(
        'div',
        { class: 'savings-text' },
        h('strong', {}, formatBytes(this._selectedBytes)),
        ` of ${formatBytes(fullBytes)} full response · `,
        bytes >= 0
          ? h('span', { class: 'saved', 'data-testid': 'savings-figure' }, `saved ${formatBytes(bytes)} (${percent})`)
          : h('span', { class: 'muted', 'data-testid': 'savings-figure' }, `${formatBytes(-bytes)} larger than full`),
      ),
      h('div', { class: 'savings-bar', 'aria-hidden': 'true' }, h('span', { style: `width: ${share.toFixed(1)}%` })),
    );
  }

  showMeasuringFull(): void {
    this._savings.hidden = false;
    this._savings.replaceChildren(h('span', { class: 'muted' }, 'Measuring the full response…'));
  }

  /** A run that produced no HTTP response (network failure, or a query the conversion rejected). */
  showFailure(message: string, requestLine: string): void {
    this._meta.replaceChildren(h('span', { class: 'status status-error', 'data-testid': 'response-status' }, 'Not sent'));
    this._savings.hidden = true;
    this._empty.hidden = true;
    this.showBody(message);
    this._tools.hide();
    this._shownFor = requestLine;
    this.markStaleness();
  }

  /** Unhides the body first: the viewer sizes its window of rows from its laid-out height. */
  private showBody(text: string): void {
    this.element.querySelector<HTMLElement>('.response-body')!.hidden = false;
    this._find.element.hidden = false;
    this._find.reset();
    this._viewer.show(text);
  }

  private markStaleness(): void {
    const stale = this._shownFor !== null && this._shownFor !== this._currentTarget;
    this.element.classList.toggle('is-stale', stale);
    this._stale.hidden = !stale;
    this._stale.textContent = stale ? `Response for ${this._shownFor}, not the current target: Run to refresh it.` : '';
  }
}
