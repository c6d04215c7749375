/**
 * A forgiving map of a query's structure: which selection sets exist, where, and which field owns
 * each. It is built from half-typed text (unclosed brackets, stray characters) so the editor can
 * tell the nesting at the cursor while the query is still wrong.
 */
export interface Outline {
  sets: SelectionSet[];
  /** Spans where field names are not expected: arguments, strings, comments, directives' arguments. */
  quiet: Span[];
}

export interface Span {
  from: number;
  to: number;
}

export interface SelectionSet {
  /** Offset of the opening `[` or `{`. */
  open: number;
  /** Offset of the matching closing bracket, or null while it is still missing. */
  close: number | null;
  /** The field this set selects under; null for an outermost set or a fragment's set. */
  owner: SelectionItem | null;
  /** The set this one is nested in (for an inline fragment without a type, it selects from it). */
  parent: SelectionSet | null;
  /** A fragment's `on Type`; `inherit` for `... { }` that selects from its parent's scope. */
  typeCondition: string | 'inherit' | null;
  /** For an outermost GraphQL set: where its operation starts (`query Name(...)` or the `{`). */
  operationStart: number;
  items: SelectionItem[];
}

export interface SelectionItem {
  /** The field name as the model spells it (after the alias), or the wildcard as written. */
  name: string;
  alias: string | null;
  /** A fragment spread (`...Name`) rather than a field. */
  isSpread: boolean;
  set: SelectionSet;
  start: number;
  /** The end of the item's own text before any children: name, arguments, directives. */
  headEnd: number;
  /** The end of the whole item, children included. */
  end: number;
  children: SelectionSet | null;
}

/** The innermost set whose brackets enclose `position` (the closing bracket's own offset counts as inside). */
export function setAt(outline: Outline, position: number, textLength: number): SelectionSet | null {
  let best: SelectionSet | null = null;
  for (const set of outline.sets) {
    const end = set.close ?? textLength;
    if (set.open < position && position <= end && (!best || set.open > best.open)) {
      best = set;
    }
  }

  return best;
}

export function isQuiet(outline: Outline, position: number): boolean {
  return outline.quiet.some((span) => span.from < position && position < span.to);
}

/** The outermost set of the (first) operation: the one Run sends and Convert prints. */
export function rootSet(outline: Outline): SelectionSet | null {
  return outline.sets.find((set) => set.owner === null && set.parent === null && set.typeCondition === null) ?? null;
}
