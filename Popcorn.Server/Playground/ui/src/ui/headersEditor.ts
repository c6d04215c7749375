import { headerProblem, headersDiagnostics, headersExample } from '../editor/headersJson';
import { JsonEditor } from '../editor/jsonEditor';
import { h } from '../dom/element';

/**
 * Request headers sent with every run (REST and gateway), e.g. a token for field authorization or a persisted-query
 * header. They may hold secrets, so they stay out of the recent-queries list and enter the page's URL only while
 * "Share in the URL" is ticked.
 */
export class HeadersEditor {
  readonly element: HTMLElement;
  private readonly _editor: JsonEditor;
  private readonly _share: HTMLInputElement;

  constructor(onChange: () => void) {
    this._editor = new JsonEditor({ label: 'Request headers', testId: 'headers', placeholder: headersExample, diagnostics: headersDiagnostics, onChange });
    this._share = h('input', { type: 'checkbox', 'data-testid': 'headers-share', onchange: onChange });
    this.element = h(
      'details',
      { class: 'body-section headers-section' },
      h('summary', {}, h('h3', {}, 'Headers ', h('span', { class: 'muted' }, 'JSON, sent with every run'))),
      this._editor.element,
      h('label', { class: 'headers-share' }, this._share, ' Share in the URL (off: headers stay on this page only)'),
    );
  }

  get text(): string {
    return this._editor.text;
  }

  /** Restores headers from a shared URL, which implies they were meant to be shared. */
  restore(text: string): void {
    this._editor.text = text;
    this._share.checked = true;
    (this.element as HTMLDetailsElement).open = true;
  }

  /** The text to put in the page's URL: empty unless the user asked to share it. */
  get sharedText(): string {
    return this._share.checked ? this._editor.text : '';
  }

  /** The headers to send, names lower-cased (so they replace the page's own, e.g. `accept`); throws when not sendable. */
  parse(): Record<string, string> {
    const value = this._editor.parseObject('headers', headersExample) ?? {};
    const headers: Record<string, string> = {};
    for (const [name, headerValue] of Object.entries(value)) {
      const problem = headerProblem(name, headerValue);
      if (problem) {
        throw new Error(problem);
      }

      headers[name.toLowerCase()] = headerValue as string;
    }

    return headers;
  }
}
