import { hoverTooltip, type Tooltip } from '@codemirror/view';
import type { GatewayArgument, GatewayField } from '../api/introspection';
import { rootArguments, type ArgumentInfo, type FieldInfo, type RootFieldInfo } from '../api/schema';
import type { SchemaIndex } from '../model/schemaIndex';
import type { Scope } from '../model/scope';
import type { Outline, SelectionItem } from '../query/outline';
import { outlineOf } from '../query/outlineOf';
import { scopeOfSet } from '../query/scopeOfSet';
import { h } from '../dom/element';
import type { EditorEnvironment } from './editorEnvironment';

/**
 * What a hover explains: a field of a model type, a gateway root field, or one of a root field's arguments; with
 * what the gateway's introspection says of it when the query targets the gateway (`introspected`).
 */
type Documented =
  | { kind: 'field'; field: FieldInfo; typeName: string; introspected: GatewayField | undefined }
  | { kind: 'root'; root: RootFieldInfo; introspected: GatewayField | undefined }
  | { kind: 'argument'; argument: ArgumentInfo; root: RootFieldInfo; introspected: GatewayArgument | undefined };

/**
 * Docs on hover, as GraphiQL shows them: the field's type, its Always/Default marks and its description, resolved
 * through the enclosing fields exactly as completion resolves them; for a gateway root field also its arguments,
 * and over an argument's name that argument's type.
 */
export function selectionHoverDocs(environment: () => EditorEnvironment) {
  return hoverTooltip((view, position): Tooltip | null => {
    const { index, syntax, rootScope } = environment();
    const text = view.state.doc.toString();
    const word = wordAt(text, position);
    if (!word) {
      return null;
    }

    const outline = outlineOf(text, syntax);
    const item = itemAt(outline, word.from);
    if (!item || item.isSpread) {
      return null;
    }

    const documented = describe(item, word.text, word.from, scopeOfSet(item.set, rootScope, index), index, text, rootScope.kind === 'gateway');
    return documented ? { pos: word.from, end: word.to, above: true, create: () => ({ dom: render(documented) }) } : null;
  });
}

function describe(item: SelectionItem, word: string, at: number, scope: Scope, index: SchemaIndex, text: string, onGateway: boolean): Documented | null {
  const inArguments = text.lastIndexOf('(', at) > item.start && text.lastIndexOf('(', at) < item.headEnd && at < item.headEnd;
  if (scope.kind === 'gateway') {
    const root = index.rootField(item.name);
    if (!root) {
      return null;
    }

    const introspected = index.gateway?.rootFields.get(root.name);
    const argument = inArguments ? rootArguments(root).find((candidate) => candidate.name === word) : undefined;
    if (argument) {
      return { kind: 'argument', argument, root, introspected: introspected?.args.find((candidate) => candidate.name === word) };
    }

    return word === item.name || word === item.alias ? { kind: 'root', root, introspected } : null;
  }

  if (scope.kind !== 'type' || inArguments || (word !== item.name && word !== item.alias)) {
    return null;
  }

  const field = index.field(scope.type, item.name);
  const introspected = onGateway ? index.gateway?.types.get(scope.type.name)?.get(field?.name ?? '') : undefined;
  return field ? { kind: 'field', field, typeName: scope.type.name, introspected } : null;
}

function render(documented: Documented): HTMLElement {
  switch (documented.kind) {
    case 'field': {
      const { field, typeName, introspected } = documented;
      const marks = [field.isAlways ? 'Always' : null, field.isDefault ? 'Default' : null].filter((mark) => mark !== null);
      return introspected
        ? doc(`${typeName}.${field.name}: ${introspected.type}`, deprecation(introspected) ?? marks.join(' · '), introspected.description)
        : doc(`${typeName}.${field.name}: ${field.type}`, marks.join(' · '), field.description);
    }
    case 'root': {
      const { root, introspected } = documented;
      if (introspected) {
        const args = introspected.args.map((argument) => `${argument.name}: ${argument.type}${argument.defaultValue ? ` = ${argument.defaultValue}` : ''}`);
        return doc(`${root.name}${args.length ? `(${args.join(', ')})` : ''}: ${introspected.type}`, deprecation(introspected) ?? 'gateway root field', introspected.description);
      }

      const args = rootArguments(root).map((argument) => `${argument.name}: ${argument.type}`).join(', ');
      return doc(`${root.name}${args ? `(${args})` : ''}: ${root.isList ? `[${root.type}]` : root.type}`, 'gateway root field', root.description ?? null);
    }
    case 'argument': {
      const { argument, root, introspected } = documented;
      const required = argument.type.endsWith('!') && !introspected?.defaultValue ? 'Required.' : 'Optional.';
      return doc(`${argument.name}: ${introspected?.type ?? argument.type}`, `argument of ${root.name}`, introspected?.description ?? required);
    }
  }
}

function deprecation(field: GatewayField): string | null {
  return field.deprecationReason ? `Deprecated: ${field.deprecationReason}` : null;
}

function doc(signature: string, note: string, description: string | null): HTMLElement {
  return h(
    'div',
    { class: 'hover-doc', 'data-testid': 'hover-doc' },
    h('code', { class: 'hover-doc-signature' }, signature),
    note ? h('div', { class: 'hover-doc-note' }, note) : null,
    description ? h('p', {}, description) : null,
  );
}

/** The innermost item whose own text (name, alias, arguments, directives) covers `position`. */
function itemAt(outline: Outline, position: number): SelectionItem | null {
  let best: SelectionItem | null = null;
  for (const set of outline.sets) {
    for (const item of set.items) {
      if (item.start <= position && position < item.headEnd && (!best || item.start > best.start)) {
        best = item;
      }
    }
  }

  return best;
}

function wordAt(text: string, position: number): { from: number; to: number; text: string } | null {
  let from = position;
  let to = position;
  while (from > 0 && /\w/.test(text[from - 1])) {
    from--;
  }

  while (to < text.length && /\w/.test(text[to])) {
    to++;
  }

  return from < to ? { from, to, text: text.slice(from, to) } : null;
}
