import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import type { GatewayField } from '../api/introspection';
import { rootArguments, type FieldInfo } from '../api/schema';
import { argumentCompletions } from './argumentCompletion';
import { sampleArguments, type SchemaIndex } from '../model/schemaIndex';
import type { Scope } from '../model/scope';
import { isQuiet, setAt } from '../query/outline';
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
    const { index, syntax, rootScope, rootIsList } = environment();
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
    if (isQuiet(outline, context.pos)) {
      const names = argumentCompletions(outline, text, context.pos, rootScope, rootIsList, index);
      return names ? { from: word.from, options: names, validFor: /^\w*$/ } : null;
    }

    const set = setAt(outline, context.pos, text.length);
    if (!set) {
      return null;
    }

    const scope = scopeOfSet(set, rootScope, index);

    const options = namesIn(scope, index, syntax, rootScope.kind === 'gateway');
    if (options.length === 0) {
      return null;
    }

    return { from: word.from, options, validFor: syntax === 'include' ? /^!?\w*$/ : /^\w*$/ };
  };
}

function namesIn(scope: Scope, index: SchemaIndex, syntax: Syntax, onGateway: boolean): Completion[] {
  if (scope.kind === 'gateway') {
    return index.schema.rootFields.map((root) => {
      const args = sampleArguments(root);
      // What introspection says, when the gateway answers it: the GraphQL type and description a client sees.
      const introspected = index.gateway?.rootFields.get(root.name);
      const all = rootArguments(root);
      const signature = all.length ? `Arguments: ${all.map((a) => `${a.name}: ${a.type}`).join(', ')}` : null;
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
