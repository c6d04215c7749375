import { h } from '../dom/element';
import type { PaneTabs } from '../ui/paneTabs';

/** The parts the page is built from, each already made by the playground. */
export interface PageParts {
  targetBar: HTMLElement;
  syntaxSwitch: HTMLElement;
  curlButton: HTMLElement;
  /** The gateway document's sha256 id, beside Run. */
  queryHash: HTMLElement;
  runButton: HTMLElement;
  prettifyButton: HTMLElement;
  tabs: PaneTabs;
  explorer: HTMLElement;
  /** The query pane's contents under its heading: the editor's host, the status line, body, variables... */
  queryParts: HTMLElement[];
  responsePane: HTMLElement;
  curlDialog: HTMLElement;
}

/**
 * The page's landmarks and headings: a banner with the page's one h1 and the controls, a main
 * with the three panes (each under an h2), so a screen reader can jump between them.
 */
export function pageLayout(parts: PageParts): HTMLElement {
  const explorerPane = h('div', { class: 'pane explorer-pane', id: 'pane-explorer' }, parts.explorer);
  const queryPane = h(
    'section',
    // tabindex -1: the skip link moves the keyboard here, not only the scroll position.
    { class: 'pane query-pane', id: 'pane-query', 'aria-labelledby': 'query-heading', tabindex: '-1' },
    h('header', { class: 'pane-head' }, h('h2', { id: 'query-heading' }, 'Query'), h('span', { class: 'hint' }, 'Click a field in the explorer to add it at the cursor'), parts.prettifyButton),
    ...parts.queryParts,
  );
  parts.responsePane.id = 'pane-response';
  const workspace = h('main', { class: 'workspace' }, parts.tabs.element, explorerPane, queryPane, parts.responsePane);
  parts.tabs.attach(workspace, 'query');
  return h(
    'div',
    { class: 'app' },
    // The first stop for the keyboard: past the target picker and the explorer's fields, straight to the query.
    h('a', { class: 'skip-link', href: '#pane-query', 'data-testid': 'skip-to-query' }, 'Skip to the query'),
    h(
      'header',
      { class: 'topbar' },
      h('h1', { class: 'brand' }, h('span', { class: 'brand-name' }, 'Popcorn'), h('span', { class: 'brand-tag' }, 'playground')),
      parts.targetBar,
      h('div', { class: 'topbar-actions' }, parts.syntaxSwitch, parts.curlButton, parts.queryHash, parts.runButton),
    ),
    workspace,
    parts.curlDialog,
  );
}
