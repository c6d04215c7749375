import type { Completion } from '@codemirror/autocomplete';
import type { GatewayField, GatewaySchema } from '../api/introspection';
import type { FieldInfo, TypeInfo } from '../api/schema';
import type { SchemaIndex } from '../model/schemaIndex';
import type { Scope } from '../model/scope';
import { argumentPathAt } from '../query/argumentPath';
import { rootSet, setAt, type Outline, type Span } from '../query/outline';
import { scopeOfSet } from '../query/scopeOfSet';

/**
 * The arguments Popcorn gives every list of models (docs/data.md, "Arguments on list fields"): a REST list
 * resource's root takes them before its selection, `(first: 10)[id]`; a gateway root list field takes those its
 * resolver does not bind itself, which `/popcorn/schema` lists as its `listArguments`.
 */
export const listArgumentNames = ['first', 'skip', 'orderBy', 'where', 'after'];

const comparisonOperators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in'];
const booleanOperators = ['eq', 'neq', 'in'];
/** Offered on text fields only: the plan compiler refuses them on dates, enums and numbers (docs/data.md, "Text filters"). */
const textOperators = [...comparisonOperators, 'contains', 'startsWith', 'endsWith', 'mode'];
const logicalEntries = ['and', 'or', 'not'];
/** What a `[Filterable]` list of models is tested with (docs/data.md, "Through references and lists"). */
const quantifiers = ['some', 'all', 'none'];

/**
 * What a field's parentheses belong to: the arguments it takes and the model type its list holds; on the gateway, its
 * introspected field, whose input types (a mutation's input, `OrderFilter`) say what goes inside an argument's `{`.
 */
interface ArgumentOwner {
  names: Completion[];
  element: TypeInfo | undefined;
  introspected?: GatewayField;
}

/**
 * Completions inside the parentheses at `position`: an argument's name (a gateway root field's, required ones first,
 * or a list's `first`, `skip`, `orderBy`, `where`, `after`, on a nested list, a gateway root list or a REST list
 * resource's root), then inside `orderBy: {` the fields the list can be sorted by, inside `where: {` those it can be
 * filtered by (and `and`/`or`/`not`), and inside a field's `{` its comparison operators. Null when the cursor is not in
 * parentheses or not where a name goes.
 */
export function argumentCompletions(
  outline: Outline,
  text: string,
  position: number,
  rootScope: Scope,
  rootIsList: boolean,
  index: SchemaIndex,
): Completion[] | null {
  const parentheses = outline.quiet.find((span) => text[span.from] === '(' && span.from < position && position <= span.to);
  if (!parentheses) {
    return null;
  }

  const written = text.slice(parentheses.from + 1, position);
  const path = argumentPathAt(written);
  const owner = path && ownerOf(outline, parentheses, text, rootScope, rootIsList, index);
  if (!path || !owner) {
    return null;
  }

  if (path.length === 0) {
    const taken = new Set([...written.matchAll(/(\w+)\s*:/g)].map((match) => match[1]));
    return owner.names.filter((option) => !taken.has(option.label));
  }

  if (owner.introspected && index.gateway) {
    return introspectedKeys(path, owner.introspected, index.gateway);
  }

  return owner.element ? inputObjectKeys(path, owner.element, index) : null;
}

/** The field (or the root) whose parentheses these are. */
function ownerOf(outline: Outline, parentheses: Span, text: string, rootScope: Scope, rootIsList: boolean, index: SchemaIndex): ArgumentOwner | null {
  const set = setAt(outline, parentheses.from, text.length);
  const item = set?.items.find((candidate) => candidate.start < parentheses.from && parentheses.to <= candidate.headEnd);
  if (set && item) {
    const scope = scopeOfSet(set, rootScope, index);
    return scope.kind === 'gateway' ? gatewayRootField(index, item.name) : scope.kind === 'type' ? listField(index, scope.type, item.name) : null;
  }

  // Before the outermost selection: a REST list resource's own arguments, `(first: 10)[id]`.
  const root = rootSet(outline);
  const beforeRoot = !root || parentheses.to <= root.open;
  return beforeRoot && rootScope.kind === 'type' && rootIsList ? listOwner(rootScope.type, listArgumentNames) : null;
}

function gatewayRootField(index: SchemaIndex, name: string): ArgumentOwner | null {
  // A mutation is not in /popcorn/schema's root fields; the gateway's introspection has both.
  const introspected = index.gateway?.rootFields.get(name) ?? index.gateway?.types.get('Mutation')?.get(name);
  const root = index.rootField(name);
  if (!root) {
    return introspected ? { names: introspected.args.map((argument) => argumentName(argument.name, argument.type)), element: undefined, introspected } : null;
  }

  // The server lists the list arguments it applies to this field (those the resolver leaves to Popcorn, `after` only
  // where a cursor can name a position), typed as in the SDL: nothing to work out here.
  const element = root.isList ? index.typeNamed(root.type) : undefined;
  const grammar = element ? listOwner(element, listArgumentNames).names : [];
  const names: Completion[] = [
    ...root.arguments.map((argument) => argumentName(argument.name, argument.type)),
    ...root.listArguments.map((argument) => ({
      ...argumentName(argument.name, argument.type),
      info: grammar.find((option) => option.label === argument.name)?.detail,
    })),
  ];
  return { names, element, introspected };
}

function argumentName(name: string, type: string): Completion {
  return { label: name, type: 'variable', detail: type, apply: `${name}: `, boost: type.endsWith('!') ? 1 : 0 };
}

/** Inside an argument's input object on the gateway: the fields of the input type reached through `path`, from introspection. */
function introspectedKeys(path: string[], field: GatewayField, gateway: GatewaySchema): Completion[] | null {
  const [argumentName, ...keys] = path;
  let typeName = field.args.find((argument) => argument.name === argumentName)?.type;
  for (const key of keys) {
    const values = typeName ? inputType(gateway, typeName)?.values : undefined;
    typeName = values?.find((value) => value.name === key)?.type;
  }

  const input = typeName ? inputType(gateway, typeName) : undefined;
  return input?.kind === 'INPUT_OBJECT'
    ? input.values.map((value) => ({ label: value.name, type: 'property', detail: value.type, info: value.description ?? undefined, apply: `${value.name}: `, boost: value.type.endsWith('!') ? 1 : 0 }))
    : null;
}

/** The input type a GraphQL type reference names, under its list and non-null wrappers (`[OrderFilter!]` is OrderFilter). */
function inputType(gateway: GatewaySchema, reference: string) {
  const name = reference.replace(/[[\]!]/g, '');
  return gateway.inputTypes.find((type) => type.name === name);
}

function listField(index: SchemaIndex, type: TypeInfo, name: string): ArgumentOwner | null {
  const field = index.field(type, name);
  const element = field?.elementType ? index.typeNamed(field.elementType) : undefined;
  return field?.arguments && element ? listOwner(element, field.arguments) : null;
}

/** A list's arguments, each with the grammar it takes and, for orderBy/where, the element type's fields it may name. */
function listOwner(element: TypeInfo, argumentNames: string[]): ArgumentOwner {
  const sortable = element.fields.filter((candidate) => candidate.isSortable).map((candidate) => candidate.name);
  const filterable = element.fields.filter((candidate) => candidate.isFilterable).map((candidate) => candidate.name);
  const details: Record<string, string> = {
    first: 'Int: at most this many',
    skip: 'Int: leave out this many first',
    after: 'String: the cursor of the last element of the previous page',
    orderBy: `{field: ASC|DESC}; by ${sortable.join(', ') || 'nothing (no [Sortable] field)'}`,
    where: `{field: value | {eq|neq|gt|gte|lt|lte|in|contains|startsWith|endsWith: …}}; on ${filterable.join(', ') || 'nothing (no [Filterable] field)'}`,
  };
  const names = argumentNames
    .filter((argument) => (argument !== 'orderBy' && argument !== 'after' || sortable.length > 0) && (argument !== 'where' || filterable.length > 0))
    .map((argument) => ({ label: argument, type: 'variable', detail: details[argument] ?? '', apply: `${argument}: ` }));
  return { names, element };
}

/**
 * The keys valid inside `orderBy: {` or `where: {` (at any depth of `and`/`or`/`not`), a filtered field's operators,
 * the related type's keys inside a `[Filterable]` reference (`customer: {`), or `some`/`all`/`none` inside a
 * `[Filterable]` list (`lines: {`) and the element type's keys inside one of those.
 */
function inputObjectKeys(path: string[], element: TypeInfo, index: SchemaIndex): Completion[] | null {
  const [argument, ...keys] = path;
  if (argument === 'orderBy') {
    return keys.length === 0 ? element.fields.filter((field) => field.isSortable).map((field) => key(field.name, 'ASC|DESC', field)) : null;
  }

  if (argument !== 'where') {
    return null;
  }

  let filtered: FieldInfo | undefined;
  let current: TypeInfo = element;
  let list: FieldInfo | undefined;
  for (const name of keys) {
    if (filtered) {
      return null; // inside an operator's value
    }

    if (list) {
      // Inside `lines: {`: only a quantifier, whose filter is over the list's element type.
      const elements = quantifiers.includes(name) && list.elementType ? index.typeNamed(list.elementType) : undefined;
      if (!elements) {
        return null;
      }

      current = elements;
      list = undefined;
      continue;
    }

    if (logicalEntries.includes(name)) {
      continue;
    }

    const field = current.fields.find((candidate) => candidate.name === name && candidate.isFilterable);
    const related = field?.elementType ? index.typeNamed(field.elementType) : undefined;
    if (!field) {
      return null;
    } else if (field.kind === 'object' && related) {
      current = related;
    } else if (field.kind === 'list' && related) {
      list = field;
    } else {
      filtered = field;
    }
  }

  if (list) {
    const of = list.elementType ?? '';
    return quantifiers.map((quantifier) => ({
      label: quantifier,
      type: 'keyword',
      detail: `${of} filter: ${quantifier === 'some' ? 'at least one element' : quantifier === 'all' ? 'every element' : 'no element'} keeps to it`,
      apply: `${quantifier}: {`,
    }));
  }

  if (filtered) {
    const operators = /^bool\??$/i.test(filtered.type) ? booleanOperators : /^string\??$/i.test(filtered.type) ? textOperators : comparisonOperators;
    const detail = (operator: string) => operator === 'in' ? `[${filtered.type}]` : operator === 'mode' ? 'SENSITIVE|INSENSITIVE: case in contains, startsWith, endsWith' : filtered.type;
    return operators.map((operator) => ({ label: operator, type: 'keyword', detail: detail(operator), apply: `${operator}: ` }));
  }

  return [
    ...current.fields.filter((field) => field.isFilterable).map((field) => key(field.name, field.type, field)),
    ...logicalEntries.map((entry) => entry === 'not'
      ? { label: entry, type: 'keyword', detail: 'Filter: it does not hold', apply: 'not: {' }
      : { label: entry, type: 'keyword', detail: entry === 'and' ? '[Filter]: every one holds' : '[Filter]: at least one holds', apply: `${entry}: [{` }),
  ];
}

function key(name: string, detail: string, field: FieldInfo): Completion {
  return { label: name, type: 'property', detail, info: field.description ?? undefined, apply: `${name}: ` };
}
