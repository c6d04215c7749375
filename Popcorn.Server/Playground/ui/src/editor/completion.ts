import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import type { GatewayField } from '../api/introspection';
import type { FieldInfo, TypeInfo } from '../api/schema';
import { sampleArguments, type SchemaIndex } from '../model/schemaIndex';
import type { Scope } from '../model/scope';
import { isQuiet, setAt, type Outline, type SelectionSet } from '../query/outline';
import { outlineOf } from '../query/outlineOf';
import { scopeOfSet } from '../query/scopeOfSet';
import type { Syntax } from '../query/syntax';
import type { EditorEnvironment } from './editorEnvironment';

const includeWildcards: Completion[] = [
  { label: '!default', type: 'keyword', detail: 'wildcard', info: 'The fields marked Default (the same as leaving the selection out).' },
  { label: '!all', type: 'keyword', detail: 'wildcard', info: 'Every field of this type; nested objects get their defaults.' },
  { label: '!full', type: 'keyword', detail: 'deep wildcard', info: 'Every field, all the way down.' },
];

const graphqlWildcards: Completion[] = [
  { label: '__default', type: 'keyword', detail: 'wildcard', info: 'The fields marked Default (the same as leaving the selection out).' },
  { label: '__all', type: 'keyword', detail: 'wildcard', info: 'Every field of this type; nested objects get their defaults.' },
  { label: '__full', type: 'keyword', detail: 'deep wildcard', info: 'Every field, all the way down.' },
  { label: '__typename', type: 'keyword', detail: 'meta field', info: "The model type's name." },
];

const directives: Completion[] = [
  { label: 'exclude', type: 'keyword', detail: 'directive', info: 'Removes the field from a wildcard or the defaults (include syntax: -name).' },
  { label: 'optional', type: 'keyword', detail: 'directive', info: 'No error when the type has no such field (include syntax: ?name).' },
  { label: 'include', type: 'keyword', detail: 'directive', apply: 'include(if: )', info: 'Keeps the field only when the condition is true.' },
  { label: 'skip', type: 'keyword', detail: 'directive', apply: 'skip(if: )', info: 'Drops the field when the condition is true.' },
];

/**
 * Offers the names that are valid where the cursor is: the fields of the type the enclosing
 * selection picks from (resolved through the fields that enclose it), the wildcards, and in the
 * GraphQL-like syntax directives after `@` and type names after `on`.
 */
export function selectionCompletions(environment: () => EditorEnvironment): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const { index, syntax, rootScope } = environment();
    if (syntax === 'graphql') {
      const directive = context.matchBefore(/@\w*/);
      if (directive) {
        return { from: directive.from + 1, options: directives, validFor: /^\w*$/ };
      }

      const typeCondition = context.matchBefore(/\bon\s+\w*/);
      if (typeCondition) {
        const from = typeCondition.to - (/\w*$/.exec(typeCondition.text)?.[0].length ?? 0);
        return { from, options: index.schema.types.map((type) => ({ label: type.name, type: 'type' })), validFor: /^\w*$/ };
      }
    }

    const word = context.matchBefore(syntax === 'include' ? /!?\w*/ : /\w*/);
    if (!word || (word.from === word.to && !context.explicit)) {
      return null;
    }

    const text = context.state.doc.toString();
    const outline = outlineOf(text, syntax);
    const set = setAt(outline, context.pos, text.length);
    if (!set) {
      return null;
    }

    const scope = scopeOfSet(set, rootScope, index);
    if (isQuiet(outline, context.pos)) {
      const names = argumentNames(outline, set, scope, index, text, context.pos);
      return names ? { from: word.from, options: names, validFor: /^\w*$/ } : null;
    }

    const options = namesIn(scope, index, syntax, rootScope.kind === 'gateway');
    if (options.length === 0) {
      return null;
    }

    return { from: word.from, options, validFor: syntax === 'include' ? /^!?\w*$/ : /^\w*$/ };
  };
}

/**
 * Inside a field's parentheses, where an argument's name goes (after `(` or `,`, before its `:`): the arguments the
 * field takes that are not written yet: a gateway root field's (required ones first), or a list field's `first`,
 * `skip`, `orderBy` and `where` with what its element type may be sorted and filtered by.
 */
function argumentNames(outline: Outline, set: SelectionSet, scope: Scope, index: SchemaIndex, text: string, position: number): Completion[] | null {
  const parentheses = outline.quiet.find((span) => text[span.from] === '(' && span.from < position && position < span.to + 1);
  const owner = parentheses && set.items.find((item) => item.start < parentheses.from && parentheses.to <= item.headEnd);
  const written = parentheses ? text.slice(parentheses.from + 1, position) : '';
  if (!owner || !/(^|,)\s*\w*$/.test(written)) {
    return null;
  }

  const offered = scope.kind === 'gateway' ? rootArguments(index, owner.name) : scope.kind === 'type' ? listArguments(index, scope.type, owner.name) : null;
  const taken = new Set([...written.matchAll(/(\w+)\s*:/g)].map((match) => match[1]));
  return offered ? offered.filter((option) => !taken.has(option.label)) : null;
}

function rootArguments(index: SchemaIndex, name: string): Completion[] | null {
  const root = index.rootField(name);
  return root
    ? root.arguments.map((argument) => ({
      label: argument.name,
      type: 'variable',
      detail: argument.type,
      apply: `${argument.name}: `,
      boost: argument.type.endsWith('!') ? 1 : 0,
    }))
    : null;
}

/** A list field's arguments, each with the grammar it takes and, for orderBy/where, the element type's fields it may name. */
function listArguments(index: SchemaIndex, type: TypeInfo, name: string): Completion[] | null {
  const field = index.field(type, name);
  const element = field?.elementType ? index.typeNamed(field.elementType) : undefined;
  if (!field?.arguments || !element) {
    return null;
  }

  const sortable = element.fields.filter((candidate) => candidate.isSortable).map((candidate) => candidate.name);
  const filterable = element.fields.filter((candidate) => candidate.isFilterable).map((candidate) => candidate.name);
  const details: Record<string, string> = {
    first: 'Int: at most this many',
    skip: 'Int: leave out this many first',
    orderBy: `{field: ASC|DESC}; by ${sortable.join(', ') || 'nothing (no [Sortable] field)'}`,
    where: `{field: value | {eq|neq|gt|gte|lt|lte|in|contains|startsWith|endsWith: …}}; on ${filterable.join(', ') || 'nothing (no [Filterable] field)'}`,
  };
  return field.arguments
    .filter((argument) => (argument !== 'orderBy' || sortable.length > 0) && (argument !== 'where' || filterable.length > 0))
    .map((argument) => ({ label: argument, type: 'variable', detail: details[argument] ?? '', apply: `${argument}: ` }));
}

function namesIn(scope: Scope, index: SchemaIndex, syntax: Syntax, onGateway: boolean): Completion[] {
  if (scope.kind === 'gateway') {
    return index.schema.rootFields.map((root) => {
      const args = sampleArguments(root);
      // What introspection says, when the gateway answers it: the GraphQL type and description a client sees.
      const introspected = index.gateway?.rootFields.get(root.name);
      const signature = root.arguments.length ? `Arguments: ${root.arguments.map((a) => `${a.name}: ${a.type}`).join(', ')}` : null;
      return {
        label: root.name,
        type: 'function',
        detail: introspected?.type ?? (root.isList ? `[${root.type}]` : root.type),
        apply: args ? `${root.name}(${args})` : root.name,
        info: [introspected?.description, signature].filter(Boolean).join(' ') || undefined,
      };
    });
  }

  if (scope.kind === 'unknown') {
    return [];
  }

  // Keep the model's declaration order ahead of the alphabet: it is how the type reads in the explorer.
  const introspected = onGateway ? index.gateway?.types.get(scope.type.name) : undefined;
  const fields = scope.type.fields.map((field, position) => fieldCompletion(field, scope.type.fields.length - position, introspected?.get(field.name)));
  return [...fields, ...(syntax === 'include' ? includeWildcards : graphqlWildcards)];
}

/** A field of a model type; on the gateway with what its introspection says (GraphQL type, deprecation). */
function fieldCompletion(field: FieldInfo, boost: number, introspected: GatewayField | undefined): Completion {
  const badges = [field.isAlways ? 'Always' : null, field.isDefault ? 'Default' : null].filter(Boolean).join(', ');
  const deprecated = introspected?.deprecationReason ? `Deprecated: ${introspected.deprecationReason}` : null;
  const info = [deprecated, introspected?.description ?? field.description, badges ? `(${badges})` : null].filter(Boolean).join(' ');
  return {
    label: field.name,
    type: field.elementType ? 'class' : 'property',
    detail: introspected?.type ?? field.type,
    info: info || undefined,
    boost: Math.min(boost, 99) / 100,
  };
}
