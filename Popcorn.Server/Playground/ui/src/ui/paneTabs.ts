import { h } from '../dom/element';

export type PaneName = 'explorer' | 'query' | 'response';

const labels: Record<PaneName, string> = { explorer: 'Explorer', query: 'Query', response: 'Response' };

/**
 * The phone layout's tabs: which one pane fills the screen. They always keep the choice (on the
 * workspace's `data-tab`), but only the phone's stylesheet shows them and hides the other panes,
 * so wider screens ignore it. Arrow keys move between tabs, as the ARIA tabs pattern has it.
 */
export class PaneTabs {
  readonly element: HTMLElement;
  private readonly _tabs: Record<PaneName, HTMLButtonElement>;
  private _workspace: HTMLElement | null = null;

  constructor() {
    const tab = (pane: PaneName) =>
      h(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: `tab-${pane}`,
          'aria-controls': `pane-${pane}`,
          'data-testid': `tab-${pane}`,
          onclick: () => this.show(pane),
          onkeydown: (event: Event) => this.moveWithArrows(event as KeyboardEvent, pane),
        },
        labels[pane],
      );
    this._tabs = { explorer: tab('explorer'), query: tab('query'), response: tab('response') };
    this.element = h('div', { class: 'pane-tabs', role: 'tablist', 'aria-label': 'Panes' }, ...Object.values(this._tabs));
  }

  /** The element whose `data-tab` the stylesheet reads; set once the page is built. */
  attach(workspace: HTMLElement, initial: PaneName): void {
    this._workspace = workspace;
    this.show(initial);
  }

  show(pane: PaneName): void {
    for (const [name, tab] of Object.entries(this._tabs)) {
      const selected = name === pane;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
    }

    if (this._workspace) {
      this._workspace.dataset.tab = pane;
    }
  }

  private moveWithArrows(event: KeyboardEvent, from: PaneName): void {
    const order = Object.keys(this._tabs) as PaneName[];
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) {
      return;
    }

    event.preventDefault();
    const next = order[(order.indexOf(from) + step + order.length) % order.length]!;
    this.show(next);
    this._tabs[next].focus();
  }
}
