import './jsonViewer.css';
import { h } from '../dom/element';
import { jsonTokens } from './jsonHighlight';
import { jsonLines, type JsonLines } from './jsonLines';

/** Every line is one row of this height (no wrapping), which is what lets the list be virtual. */
const rowHeight = 20;
/** Rows rendered above and below the visible ones, so a scroll shows text before the next frame. */
const overscan = 30;
/** What to render before the viewer has been laid out (hidden, or not yet attached). */
const fallbackHeight = 1000;

/**
 * A read-only, highlighted and foldable view of a response body that stays fast for megabytes:
 * the body is pretty-printed into lines once, and only the rows on screen are in the DOM, each
 * highlighted as it is drawn. Scrolling redraws the few dozen rows in view; a fold hides the
 * lines between a bracket and its match. `find` moves to the lines that contain a text.
 */
export class JsonViewer {
  readonly element: HTMLElement;
  private readonly _spacer: HTMLElement;
  private readonly _rows: HTMLElement;
  private _model: JsonLines = jsonLines('');
  private readonly _folded = new Set<number>();
  /** Line index per visible row: every line, less those inside folds. */
  private _visible: Int32Array = new Int32Array(0);
  private _needle = '';
  private _currentLine = -1;
  private _drawPending = false;

  constructor(parent: HTMLElement) {
    this._rows = h('div', { class: 'json-rows', role: 'document', 'aria-label': 'Response body', 'data-testid': 'response-body' });
    this._spacer = h('div', { class: 'json-spacer' }, this._rows);
    this.element = h('div', { class: 'json-viewer', tabindex: 0, 'data-testid': 'response-scroller' }, this._spacer);
    this.element.addEventListener('scroll', () => this.drawSoon(), { passive: true });
    this._rows.addEventListener('click', (event) => this.toggleFoldAt(event));
    new ResizeObserver(() => this.drawSoon()).observe(this.element);
    parent.append(this.element);
  }

  /** Shows `body` pretty-printed when it is JSON, as it came otherwise. */
  show(body: string): void {
    this._model = jsonLines(body);
    this._folded.clear();
    this._needle = '';
    this._currentLine = -1;
    this.layOut();
    this.element.scrollTop = 0;
    this.element.scrollLeft = 0;
    this.draw();
  }

  /** The lines containing `needle` (case-insensitive), in order. */
  find(needle: string): number[] {
    this._needle = needle.toLowerCase();
    this._currentLine = -1;
    const matches: number[] = [];
    if (this._needle !== '') {
      const lines = this._model.lines;
      for (let i = 0; i < lines.length; i++) {
        if (lines[i]!.toLowerCase().includes(this._needle)) {
          matches.push(i);
        }
      }
    }

    this.draw();
    return matches;
  }

  /** Unfolds what hides `line`, scrolls it to the middle of the view and marks it as current. */
  reveal(line: number): void {
    let unfolded = false;
    for (const open of this._folded) {
      if (open < line && line <= this._model.closeOf[open]!) {
        this._folded.delete(open);
        unfolded = true;
      }
    }

    if (unfolded) {
      this.layOut();
    }

    this._currentLine = line;
    const row = this.rowOf(line);
    this.element.scrollTop = Math.max(0, row * rowHeight - (this.element.clientHeight - rowHeight) / 2);
    this.draw();
  }

  private rowOf(line: number): number {
    // Binary search: the visible lines are in increasing order.
    let low = 0;
    let high = this._visible.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this._visible[middle]! < line) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }

    return low;
  }

  private layOut(): void {
    const { lines, closeOf } = this._model;
    const visible = new Int32Array(lines.length);
    let count = 0;
    for (let i = 0; i < lines.length; i++) {
      visible[count++] = i;
      if (this._folded.has(i)) {
        i = closeOf[i]!;
      }
    }

    this._visible = visible.subarray(0, count);
    this._spacer.style.height = `${count * rowHeight}px`;
  }

  private drawSoon(): void {
    if (!this._drawPending) {
      this._drawPending = true;
      requestAnimationFrame(() => {
        this._drawPending = false;
        this.draw();
      });
    }
  }

  private draw(): void {
    const height = this.element.clientHeight || fallbackHeight;
    const first = Math.max(0, Math.floor(this.element.scrollTop / rowHeight) - overscan);
    const last = Math.min(this._visible.length, Math.ceil((this.element.scrollTop + height) / rowHeight) + overscan);
    const rows: HTMLElement[] = [];
    for (let row = first; row < last; row++) {
      rows.push(this.rowElement(this._visible[row]!));
    }

    this._rows.style.transform = `translateY(${first * rowHeight}px)`;
    this._rows.replaceChildren(...rows);
  }

  private rowElement(line: number): HTMLElement {
    const { lines, closeOf, isJson } = this._model;
    const text = lines[line]!;
    const foldable = closeOf[line]! >= 0;
    const folded = this._folded.has(line);
    const content = h('span', { class: 'json-text' });
    this.appendHighlighted(content, text, isJson);
    if (folded) {
      content.append(h('span', { class: 'json-folded', title: `${closeOf[line]! - line - 1} lines folded` }, ' … '));
      this.appendHighlighted(content, lines[closeOf[line]!]!.trimStart(), isJson);
    }

    const marker = foldable
      ? h('span', { class: 'json-fold', 'data-fold': String(line), title: folded ? 'Unfold' : 'Fold', 'aria-hidden': 'true' }, folded ? '▸' : '▾')
      : h('span', { class: 'json-fold' });
    const classes = `json-line${line === this._currentLine ? ' is-current' : ''}`;
    return h('div', { class: classes, 'data-line': String(line + 1) }, marker, content);
  }

  private appendHighlighted(parent: HTMLElement, text: string, isJson: boolean): void {
    for (const token of isJson ? jsonTokens(text) : [{ text, kind: null }]) {
      const piece = token.kind ? h('span', { class: `json-${token.kind}` }) : parent;
      this.appendMarked(piece, token.text);
      if (piece !== parent) {
        parent.append(piece);
      }
    }
  }

  /** Appends text with each occurrence of the find needle wrapped in <mark>. */
  private appendMarked(parent: HTMLElement, text: string): void {
    if (this._needle === '') {
      parent.append(text);
      return;
    }

    const lower = text.toLowerCase();
    let copied = 0;
    for (let at = lower.indexOf(this._needle); at >= 0; at = lower.indexOf(this._needle, at + this._needle.length)) {
      parent.append(text.slice(copied, at), h('mark', {}, text.slice(at, at + this._needle.length)));
      copied = at + this._needle.length;
    }

    parent.append(text.slice(copied));
  }

  private toggleFoldAt(event: MouseEvent): void {
    const fold = (event.target as HTMLElement).closest<HTMLElement>('[data-fold]')?.dataset.fold;
    if (fold === undefined) {
      return;
    }

    const line = Number(fold);
    if (!this._folded.delete(line)) {
      this._folded.add(line);
    }

    this.layOut();
    this.draw();
  }
}
