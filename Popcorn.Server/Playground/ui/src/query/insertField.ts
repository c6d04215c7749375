import type { SchemaIndex, PathStep } from '../model/schemaIndex';
import { sameScope, type Scope } from '../model/scope';
import { rootSet, setAt, type Outline, type SelectionSet } from './outline';
import { scopeOfSet } from './scopeOfSet';
import type { Syntax } from './syntax';

/** A field picked in the explorer: a model type's field, or one of the gateway's root fields. */
export interface FieldPick {
  /** The model type the field belongs to; null for a gateway root field. */
  typeName: string | null;
  /** The text to insert, e.g. `firstName` or `employee(id: 1)`. */
  text: string;
}

export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  /** Where the cursor goes afterwards: right after the inserted field, so the next pick lands beside it. */
  cursor: number;
}

interface Piece {
  text: string;
  cursorOffset: number;
}

export interface InsertionContext {
  text: string;
  syntax: Syntax;
  outline: Outline;
  cursor: number;
  rootScope: Scope;
  index: SchemaIndex;
}

/**
 * Works out where a picked field goes: into the set at the cursor when it selects from the
 * field's type, else into the nearest set that does, else under newly created nesting that leads
 * from the cursor's level to the field's type (reusing fields already written on the way).
 * `pick.typeName` null means a gateway root field. Returns null when no place fits.
 */
export function planInsertion(context: InsertionContext, pick: FieldPick): TextEdit | null {
  const { text, syntax, outline, cursor, rootScope, index } = context;
  const wanted: Scope = pick.typeName === null ? { kind: 'gateway' } : index.typeScope(pick.typeName);
  const leaf: Piece = { text: pick.text, cursorOffset: pick.text.length };
  const root = rootSet(outline);
  if (!root) {
    if (text.trim() !== '') {
      return null;
    }

    const path = pick.typeName === null ? [] : index.pathTo(rootScope, pick.typeName);
    if (!path) {
      return null;
    }

    const piece = wrapSet(nest(path, leaf, syntax), syntax);
    return { from: 0, to: text.length, insert: piece.text, cursor: piece.cursorOffset };
  }

  const scopeOf = (set: SelectionSet) => scopeOfSet(set, rootScope, index);
  const cursorSet = setAt(outline, cursor, text.length) ?? root;
  if (sameScope(scopeOf(cursorSet), wanted)) {
    return insertIntoSet(context, cursorSet, leaf, cursor);
  }

  const nearest = outline.sets
    .filter((set) => sameScope(scopeOf(set), wanted))
    .sort((a, b) => distance(a, cursor, text.length) - distance(b, cursor, text.length))[0];
  if (nearest) {
    return insertIntoSet(context, nearest, leaf, null);
  }

  if (pick.typeName === null) {
    return null;
  }

  for (const from of cursorSet === root ? [root] : [cursorSet, root]) {
    const path = index.pathTo(scopeOf(from), pick.typeName);
    if (path) {
      return insertAlongPath(context, from, path, leaf, from === cursorSet);
    }
  }

  return null;
}

/** Follows `path` through fields already written under `set`, then writes the rest of it. */
function insertAlongPath(
  context: InsertionContext,
  start: SelectionSet,
  path: PathStep[],
  leaf: Piece,
  atCursor: boolean,
): TextEdit {
  let set = start;
  for (let step = 0; step < path.length; step++) {
    const item = set.items.find((candidate) => !candidate.isSpread && candidate.name === path[step]!.name);
    if (!item) {
      return insertIntoSet(context, set, nest(path.slice(step), leaf, context.syntax), atCursor && set === start ? context.cursor : null);
    }

    if (!item.children) {
      const children = wrapSet(nest(path.slice(step + 1), leaf, context.syntax), context.syntax);
      const lead = context.syntax === 'graphql' ? ' ' : '';
      return { from: item.headEnd, to: item.headEnd, insert: lead + children.text, cursor: item.headEnd + lead.length + children.cursorOffset };
    }

    set = item.children;
  }

  return insertIntoSet(context, set, leaf, null);
}

/**
 * Adds `piece` to `set`: at `at` when the cursor sits between items, after the item the cursor is
 * in, or at the end of the set; with the separators the syntax needs on either side.
 */
function insertIntoSet(context: InsertionContext, set: SelectionSet, piece: Piece, at: number | null): TextEdit {
  const { text, syntax } = context;
  const close = set.close ?? text.length;
  let position = close;
  if (at !== null && at > set.open && at <= close) {
    const inside = set.items.find((item) => at > item.start && at < item.end);
    position = inside ? inside.end : at;
  }

  let lead = '';
  let trail = '';
  if (syntax === 'include') {
    const before = text.slice(set.open, position).trimEnd().at(-1);
    const after = text.slice(position).trimStart()[0];
    lead = before === '[' || before === ',' ? '' : ',';
    trail = after === undefined || after === ']' || after === ',' ? '' : ',';
  } else {
    lead = position > 0 && !/\s/.test(text[position - 1]!) ? ' ' : '';
    trail = position < text.length && !/\s/.test(text[position]!) ? ' ' : '';
  }

  return {
    from: position,
    to: position,
    insert: lead + piece.text + trail,
    cursor: position + lead.length + piece.cursorOffset,
  };
}

/** Writes `a[b[leaf]]` or `a { b { leaf } }` for the path a → b. */
function nest(path: PathStep[], leaf: Piece, syntax: Syntax): Piece {
  let piece = leaf;
  for (const step of [...path].reverse()) {
    const head = step.arguments ? `${step.name}(${step.arguments})` : step.name;
    const children = wrapSet(piece, syntax);
    const gap = syntax === 'graphql' ? ' ' : '';
    piece = { text: head + gap + children.text, cursorOffset: head.length + gap.length + children.cursorOffset };
  }

  return piece;
}

function wrapSet(piece: Piece, syntax: Syntax): Piece {
  return syntax === 'include'
    ? { text: `[${piece.text}]`, cursorOffset: 1 + piece.cursorOffset }
    : { text: `{ ${piece.text} }`, cursorOffset: 2 + piece.cursorOffset };
}

function distance(set: SelectionSet, position: number, textLength: number): number {
  const end = set.close ?? textLength;
  return position < set.open ? set.open - position : position > end ? position - end : 0;
}
