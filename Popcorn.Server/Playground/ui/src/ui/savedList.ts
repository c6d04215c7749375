import type { PlaygroundState } from '../state/playgroundState';
import { loadSaved, removeSaved, renameSaved, saveQuery, type SavedQuery } from '../state/savedQueries';
import { h } from '../dom/element';
import { describeTarget } from './recentList';

/**
 * Saved queries: the playground's way to keep several queries at hand (what tabs are in GraphiQL), each under a
 * name the user can edit in place, kept in local storage until removed. A recent query's Save button adds one.
 */
export class SavedList {
  readonly element: HTMLElement;
  private readonly _list = h('ol', { class: 'recent-list saved-list' });
  private _entries: SavedQuery[];

  constructor(private readonly _onPick: (entry: SavedQuery) => void) {
    this.element = h('section', { class: 'recent', 'data-testid': 'saved', 'aria-label': 'Saved queries' }, h('header', {}, h('h3', {}, 'Saved')), this._list);
    this._entries = loadSaved();
    this.render();
  }

  /** Keeps `state` under a name made from its target and query, which the user can then edit. */
  add(state: PlaygroundState): void {
    const query = state.query.replace(/\s+/g, ' ').trim();
    this._entries = saveQuery(state, `${describeTarget(state)} ${query.length > 40 ? `${query.slice(0, 39)}…` : query}`.trim());
    this.render();
    this._list.querySelector<HTMLInputElement>('input')?.focus();
  }

  private render(): void {
    this.element.hidden = this._entries.length === 0;
    this._list.replaceChildren(...this._entries.map((entry) => this.row(entry)));
  }

  private row(entry: SavedQuery): HTMLElement {
    const name = h('input', {
      type: 'text',
      class: 'saved-name',
      value: entry.name,
      'aria-label': 'Name of the saved query',
      'data-testid': 'saved-name',
      onchange: (event: Event) => {
        this._entries = renameSaved(entry.id, (event.target as HTMLInputElement).value.trim() || entry.name);
      },
    });
    return h(
      'li',
      { class: 'saved-item' },
      name,
      h('button', { type: 'button', class: 'link-button', title: entry.query, 'data-testid': 'saved-open', onclick: () => this._onPick(entry) }, 'Open'),
      h(
        'button',
        {
          type: 'button',
          class: 'link-button',
          'aria-label': `Remove ${entry.name}`,
          'data-testid': 'saved-remove',
          onclick: () => {
            this._entries = removeSaved(entry.id);
            this.render();
          },
        },
        'Remove',
      ),
    );
  }
}
