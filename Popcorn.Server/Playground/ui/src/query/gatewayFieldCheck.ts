import { normalize } from '../api/normalize';
import type { Problem } from '../api/problem';
import type { RootFieldInfo } from '../api/schema';
import type { SchemaIndex } from '../model/schemaIndex';
import { argumentNames } from './argumentNames';
import { rootSet, type SelectionItem } from './outline';
import { outlineOf } from './outlineOf';
import type { Syntax } from './syntax';
import { lineColumnAt, offsetAt } from './textPosition';

/**
 * The gateway's root fields: known names and their required arguments, checked here from the
 * schema; field names under them, checked by the server: its check takes one model type, and
 * the gateway's root is not one, so each root field's own selection is sent with that field's
 * type and the reported position is moved back into the document. Returns every root field's
 * first problem, in document order, so all of them are marked at once (the fields' checks are
 * independent: a typo in one says nothing about the next).
 */
export async function checkGatewayFields(text: string, syntax: Syntax, index: SchemaIndex): Promise<Problem[]> {
  // Variables and fragments only mean something in the whole document; the gateway checks those on Run.
  const selectionsCheckable = !text.includes('$') && !text.includes('...');
  const root = rootSet(outlineOf(text, syntax));
  const problems = await Promise.all((root?.items ?? []).map((item) => checkRootField(text, item, index, selectionsCheckable)));
  return problems.filter((problem): problem is Problem => problem !== null);
}

/** One root field: its name, its required arguments, then its selection through the server's check. */
async function checkRootField(text: string, item: SelectionItem, index: SchemaIndex, selectionsCheckable: boolean): Promise<Problem | null> {
  if (item.isSpread || item.name.startsWith('__') || item.name === '') {
    return null;
  }

  const field = index.rootField(item.name);
  if (!field) {
    return unknownRootField(text, item, index);
  }

  const missing = missingArgument(text, item, field);
  if (missing) {
    return missing;
  }

  const children = item.children;
  if (!selectionsCheckable || !children || children.close === null) {
    return null;
  }

  const selection = text.slice(children.open, children.close + 1);
  const result = await normalize(selection, field.type);
  if (!result.ok) {
    const within = offsetAt(selection, result.problem.line ?? 1, result.problem.column ?? 1);
    return { ...result.problem, ...lineColumnAt(text, children.open + within) };
  }

  return null;
}

/** The first required argument (type `T!`) the field leaves out, as the gateway would refuse it on Run. */
function missingArgument(text: string, item: SelectionItem, field: RootFieldInfo): Problem | null {
  const nameStart = nameStartOf(text, item);
  const given = argumentNames(text.slice(nameStart + item.name.length, item.headEnd));
  const missing = field.arguments.find((argument) => argument.type.endsWith('!') && !given.includes(argument.name));
  if (!missing) {
    return null;
  }

  return {
    title: 'Invalid selection',
    status: 400,
    detail: `Argument '${missing.name}' of type '${missing.type}' is required but not provided (field '${field.name}').`,
    errorKind: 'InvalidSelection',
    ...lineColumnAt(text, nameStart),
  };
}

function nameStartOf(text: string, item: SelectionItem): number {
  return item.alias === null ? item.start : text.indexOf(item.name, item.start + item.alias.length);
}

function unknownRootField(text: string, item: SelectionItem, index: SchemaIndex): Problem {
  const names = index.schema.rootFields.map((root) => root.name);
  const nameStart = nameStartOf(text, item);
  return {
    title: 'Invalid selection',
    status: 400,
    detail: `The gateway has no root field '${item.name}'.`,
    field: item.name,
    suggestions: names.filter((name) => editDistance(name.toLowerCase(), item.name.toLowerCase()) <= 2),
    ...lineColumnAt(text, nameStart),
  };
}

/** Levenshtein distance, for "did you mean" on the few root field names. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }

    previous = current;
  }

  return previous[b.length]!;
}
