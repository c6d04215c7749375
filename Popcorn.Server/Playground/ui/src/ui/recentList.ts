import type { PlaygroundState } from '../state/playgroundState';
import type { RecentQuery } from '../state/recentQueries';
import { h } from '../dom/element';

/** The few queries run lately; clicking one puts it (with its target) back in the editor. */
export class RecentList {
  readonly element: HTMLElement;
  private readonly _list: HTMLElement;

  constructor(
    private readonly _onPick: (entry: RecentQuery) => void,
    onClear: () => void,
    private readonly _onSave: (entry: RecentQuery) => void,
  ) {
    this._list = h('ol', { class: 'recent-list' });
    this.element = h(
      'section',
      { class: 'recent', 'data-testid': 'recent', 'aria-label': 'Recent queries' },
      h('header', {}, h('h3', {}, 'Recent'), h('button', { type: 'button', class: 'link-button', onclick: onClear }, 'Clear')),
      this._list,
    );
  }

  show(entries: RecentQuery[]): void {
    this.element.hidden = entries.length === 0;
    this._list.replaceChildren(
      ...entries.map((entry) =>
        h(
          'li',
          { class: 'recent-item' },
          h(
            'button',
            { type: 'button', title: entry.query, 'data-testid': 'recent-item', onclick: () => this._onPick(entry) },
            h('span', { class: 'recent-target' }, describeTarget(entry)),
            h('code', { class: 'recent-query' }, entry.query.replace(/\s+/g, ' ') || '(defaults)'),
          ),
          h('button', { type: 'button', class: 'link-button recent-save', 'aria-label': 'Save this query', 'data-testid': 'recent-save', onclick: () => this._onSave(entry) }, 'Save'),
        ),
      ),
    );
  }
}

/** `employee 3` for a resource with parameters, the resource's name otherwise. */
export function describeTarget(entry: PlaygroundState): string {
  const params = Object.values(entry.params);
  return params.length ? `${entry.resource} ${params.join(', ')}` : entry.resource;
}
