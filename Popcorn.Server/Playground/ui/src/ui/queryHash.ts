import { sha256Hex } from '../format/sha256';
import type { Syntax } from '../query/syntax';
import { h } from '../dom/element';

/**
 * The SHA-256 of the gateway document Run sends, beside Run: its persisted-query id (what Apollo's link sends, and
 * what a trusted-documents list must hold). Shortened on screen, whole in the title and on the clipboard.
 */
export class QueryHash {
  readonly element: HTMLElement;
  private readonly _value = h('code', { class: 'query-hash-value', 'data-testid': 'query-hash' });
  private readonly _copy: HTMLButtonElement;
  private _hash = '';

  constructor() {
    this._copy = h('button', { type: 'button', class: 'query-hash-copy', 'data-testid': 'copy-hash', title: 'Copy the full sha256 id', onclick: () => void this.copy() }, 'Copy');
    this.element = h('span', { class: 'query-hash', hidden: true }, h('span', { class: 'muted' }, 'sha256'), this._value, this._copy);
  }

  /**
   * Shows the id of what Run sends to the gateway: a GraphQL query as written, an include query once Run has
   * converted it (`sent`); hidden for REST targets.
   */
  showFor(onGateway: boolean, syntax: Syntax, text: string, sent?: string): void {
    const asWritten = syntax === 'graphql' || text.trim() === '' ? text : null;
    this.show(onGateway ? (sent ?? asWritten) : null, onGateway);
  }

  private show(document: string | null, pending: boolean): void {
    this.element.hidden = document === null && !pending;
    this._hash = document === null ? '' : sha256Hex(document);
    this._value.textContent = this._hash ? `${this._hash.slice(0, 12)}…` : 'after Run';
    this._value.title = this._hash ? `sha256:${this._hash}` : 'An include query is converted for the gateway on Run; its id shows then.';
    this._value.dataset.hash = this._hash;
    this._copy.disabled = this._hash === '';
    this._copy.textContent = 'Copy';
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this._hash);
      this._copy.textContent = 'Copied';
    } catch {
      // Clipboard access needs a secure context and permission; the id is in the title to select.
      this._copy.textContent = 'See title';
    }
  }
}
