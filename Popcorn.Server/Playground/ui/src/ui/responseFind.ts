import { h } from '../dom/element';
import type { JsonViewer } from './jsonViewer';

/**
 * Find in the response. Only the rows on screen are in the DOM, so the browser's own find
 * cannot see the rest: this box searches every line and moves the view to each match in turn
 * (Enter for the next, Shift+Enter for the previous).
 */
export class ResponseFind {
  readonly element: HTMLElement;
  private readonly _input: HTMLInputElement;
  private readonly _count: HTMLElement;
  private _matches: number[] = [];
  private _current = -1;

  constructor(private readonly _viewer: JsonViewer) {
    this._input = h('input', {
      type: 'search',
      class: 'response-find-input',
      placeholder: 'Find in response',
      'aria-label': 'Find in response',
      'data-testid': 'response-find',
      oninput: () => this.search(),
      onkeydown: (event: Event) => this.step(event as KeyboardEvent),
    });
    this._count = h('span', { class: 'response-find-count muted', 'data-testid': 'response-find-count', 'aria-live': 'polite' });
    this.element = h('div', { class: 'response-find' }, this._input, this._count);
  }

  /** A new response: the old matches mean nothing, so the box starts empty. */
  reset(): void {
    this._input.value = '';
    this._matches = [];
    this._current = -1;
    this._count.textContent = '';
  }

  private search(): void {
    this._matches = this._viewer.find(this._input.value.trim());
    this._current = -1;
    if (this._matches.length === 0) {
      this._count.textContent = this._input.value.trim() === '' ? '' : 'No match';
      return;
    }

    this.moveTo(0);
  }

  private step(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || this._matches.length === 0) {
      return;
    }

    event.preventDefault();
    const count = this._matches.length;
    this.moveTo((this._current + (event.shiftKey ? count - 1 : 1)) % count);
  }

  private moveTo(index: number): void {
    this._current = index;
    this._viewer.reveal(this._matches[index]!);
    this._count.textContent = `${index + 1} of ${this._matches.length}`;
  }
}
