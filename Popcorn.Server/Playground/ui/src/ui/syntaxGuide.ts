import { h } from '../dom/element';

/** Each construct of the selection language in both syntaxes, for people learning to write one. */
const constructs: [include: string, graphql: string, meaning: string][] = [
  ['[id,firstName]', '{ id firstName }', 'these fields'],
  ['manager[firstName]', 'manager { firstName }', 'nested fields'],
  ['!default', '__default', 'the Default fields'],
  ['!all', '__all', 'every field'],
  ['!full', '__full', 'everything, deeply'],
  ['-email', 'email @exclude', 'all but this one'],
  ['?nick', 'nick @optional', 'no error if missing'],
  ['boss:manager', 'boss: manager', 'rename in the output'],
  ['employee(id: 3)[id]', 'employee(id: 3) { id }', 'arguments'],
];

/** A compact cheat sheet under the editor; it folds away once it is no longer needed. */
export function syntaxGuide(): HTMLElement {
  return h(
    'details',
    { class: 'syntax-guide', open: true, 'data-testid': 'syntax-guide' },
    h('summary', {}, 'Selection cheat sheet'),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, h('th', {}, 'Include'), h('th', {}, 'GraphQL'), h('th', {}, 'Selects'))),
      h(
        'tbody',
        {},
        ...constructs.map(([include, graphql, meaning]) =>
          h('tr', {}, h('td', {}, h('code', {}, include)), h('td', {}, h('code', {}, graphql)), h('td', {}, meaning)),
        ),
      ),
    ),
  );
}
