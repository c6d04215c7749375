import type { Exchange } from '../run/exchange';
import { h } from '../dom/element';

/**
 * What a user does with an answer besides reading it, as Swagger UI and GraphiQL users expect: the request that was
 * sent (method and URL, selection decoded so it reads as typed), the response headers, and the body copied or
 * downloaded exactly as the server sent it (not as the viewer pretty-prints it).
 */
export class ResponseTools {
  readonly element: HTMLElement;
  private readonly _request = h('code', { class: 'response-request', 'data-testid': 'response-request' });
  private readonly _headers = h('details', { class: 'response-headers', 'data-testid': 'response-headers' });
  private readonly _copyState = h('span', { class: 'muted', role: 'status', 'data-testid': 'response-copy-state' });
  private _exchange: Exchange | null = null;

  constructor() {
    this.element = h(
      'div',
      { class: 'response-tools' },
      this._request,
      h(
        'div',
        { class: 'response-actions' },
        h('button', { type: 'button', 'data-testid': 'response-copy', title: 'Copy the response body', onclick: () => void this.copy() }, 'Copy'),
        h('button', { type: 'button', 'data-testid': 'response-download', title: 'Download the response body', onclick: () => this.download() }, 'Download'),
        this._copyState,
      ),
      this._headers,
    );
    this.element.hidden = true;
  }

  show(exchange: Exchange): void {
    this._exchange = exchange;
    this.element.hidden = false;
    this._copyState.textContent = '';
    this._request.textContent = `${exchange.method} ${readableUrl(exchange.url)}`;
    this._request.title = `${exchange.method} ${exchange.url}`;
    this._headers.replaceChildren(
      h('summary', {}, `Response headers (${exchange.headers.length})`),
      h('dl', {}, ...exchange.headers.flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, value)])),
    );
  }

  hide(): void {
    this._exchange = null;
    this.element.hidden = true;
  }

  private async copy(): Promise<void> {
    if (!this._exchange) {
      return;
    }

    try {
      await navigator.clipboard.writeText(this._exchange.body);
      this._copyState.textContent = 'Copied.';
    } catch {
      this._copyState.textContent = 'The browser refused access to the clipboard.';
    }
  }

  private download(): void {
    if (!this._exchange) {
      return;
    }

    const type = this._exchange.headers.find(([name]) => name === 'content-type')?.[1] ?? 'application/json';
    const link = h('a', { href: URL.createObjectURL(new Blob([this._exchange.body], { type })), download: fileNameOf(this._exchange) });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  }
}

/** The URL with its query string decoded (`?include=[make]`), falling back to the raw text when it is not valid. */
function readableUrl(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** `cars-2-response.json` for `GET /api/cars/2`; the last path segments name it. */
function fileNameOf(exchange: Exchange): string {
  const path = exchange.url.split('?')[0];
  const name = path.split('/').filter((part) => part !== '' && part !== 'api').join('-').replace(/[^A-Za-z0-9_-]/g, '') || 'response';
  return `${name}-response.json`;
}
