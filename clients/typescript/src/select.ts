/**
 * The response type of a selection over a model description: REST's rules (docs/selection-language.md, "Semantics"),
 * settled by the types as the server's plan compiler settles them.
 */
import type { FieldSpec, ModelSpec } from './model.js';
import type { FieldItem, Item, ParseFailure, ParseSelection, RemoveItem, WildcardItem } from './parse.js';

/** Flattens intersections into one object type, so editors show `{ id: number; ... }`. */
type Show<T> = { [K in keyof T]: T[K] } & {};

type Fields<M extends ModelSpec, T> = T extends keyof M ? M[T] : never;

type DefaultKeys<M extends ModelSpec, T> = { [K in keyof Fields<M, T>]: Fields<M, T>[K] extends { default: true } ? K : never }[keyof Fields<M, T>];
/** The fields the wildcards write: all but those only their own name writes (a list's aggregate). */
type WildcardKeys<M extends ModelSpec, T> = { [K in keyof Fields<M, T>]: Fields<M, T>[K] extends { wildcard: false } ? never : K }[keyof Fields<M, T>];
type AlwaysKeys<M extends ModelSpec, T> = { [K in keyof Fields<M, T>]: Fields<M, T>[K] extends { always: true } ? K : never }[keyof Fields<M, T>];

type Nullable<F extends FieldSpec, V> = F['nullable'] extends true ? V | null : V;

/**
 * What one field writes: a scalar as it is, a model through its selection (named alone: its `[SubPropertyDefault]`,
 * else its defaults). `Path` is the model types on the way from the root: the server writes an object met again on
 * its own path as `null` (docs/generator.md, "Cycles and depth"), so a model value of a type already on the path may be null.
 */
type ValueOf<M extends ModelSpec, F extends FieldSpec, Children extends readonly Item[] | null, Path extends string, Full extends boolean = false> = Nullable<F,
  F['kind'] extends 'scalar' ? F['value']
  : F['kind'] extends 'list' ? Array<Element<M, F, Children, Path, Full>>
  : F['kind'] extends 'map' ? Record<string, Element<M, F, Children, Path, Full>>
  : Element<M, F, Children, Path, Full>>;

type Element<M extends ModelSpec, F extends FieldSpec, Children extends readonly Item[] | null, Path extends string, Full extends boolean> = F['model'] extends infer C extends string
  ? (C extends Path ? null : never) | (
    Full extends true ? FullOf<M, C, Path | C>
    // An empty list of children (`head[]`) is the field named alone, as on the server: its [SubPropertyDefault] or defaults.
    : Children extends readonly [Item, ...Item[]] ? Evaluate<M, C, Children, Path | C>
    : F['sub'] extends string ? (ParseSelection<F['sub']> extends infer Sub extends readonly Item[] ? Evaluate<M, C, Sub, Path | C> : Show<DefaultsOf<M, C, Path | C>>)
    : Show<DefaultsOf<M, C, Path | C>>)
  : F['value'];

/** The type's defaults (`[]`, `!default`). */
export type DefaultsOf<M extends ModelSpec, T, Path extends string = T & string> = { [K in DefaultKeys<M, T>]: ValueOf<M, Fields<M, T>[K], null, Path> };

/** Every field, complex ones with their own defaults (`!all`). */
type AllOf<M extends ModelSpec, T, Path extends string> = { [K in WildcardKeys<M, T>]: ValueOf<M, Fields<M, T>[K], null, Path> };

/** Every field, recursively (`!full`): what System.Text.Json writes, less `[Never]`. */
export type FullOf<M extends ModelSpec, T, Path extends string = T & string> = { [K in WildcardKeys<M, T>]: ValueOf<M, Fields<M, T>[K], null, Path, true> };

type AlwaysOf<M extends ModelSpec, T, Path extends string> = { [K in AlwaysKeys<M, T>]: ValueOf<M, Fields<M, T>[K], null, Path> };

type Wildcards<M extends ModelSpec, T, Items extends readonly Item[], Path extends string> =
  (WildcardItem<'full'> extends Items[number] ? FullOf<M, T, Path> : {})
  & (WildcardItem<'all'> extends Items[number] ? AllOf<M, T, Path> : {})
  & (WildcardItem<'default'> extends Items[number] ? DefaultsOf<M, T, Path> : {});

/**
 * The named fields, one key each. A key named more than once merges its selections, as the server does:
 * `[manager[email],manager[lastName]]` is `manager[email,lastName]`, and `manager` with `manager[email]` is the
 * defaults plus email.
 */
type Named<M extends ModelSpec, T, Items extends readonly Item[], Path extends string> = {
  [K in KnownKeys<M, T, Items>]: NameOf<Items, K> extends infer Name
    ? Name extends '__typename' ? string
    : Name extends keyof Fields<M, T> ? ValueOf<M, Fields<M, T>[Name], MergedChildren<Items, K>, Path>
    : never
    : never;
};

type NameOf<Items extends readonly Item[], Key> = Extract<Items[number], FieldItem<Key & string>>['name'];

type MergedChildren<Items extends readonly Item[], Key, Merged extends readonly Item[] = [], Selected extends boolean = false> =
  Items extends readonly [infer First, ...infer Rest extends readonly Item[]]
    ? First extends FieldItem<Key & string, string, infer Children>
      ? Children extends readonly Item[]
        ? MergedChildren<Rest, Key, [...Merged, ...Children], true>
        : MergedChildren<Rest, Key, [...Merged, WildcardItem<'default'>], Selected>
      : MergedChildren<Rest, Key, Merged, Selected>
    : Selected extends true ? Merged : null;

type NamedKeys<Items extends readonly Item[]> = Items[number] extends infer I ? I extends FieldItem<infer Key> ? Key : never : never;
/** Keys named by an item whose field exists (an unknown `?name` writes nothing). */
type KnownKeys<M extends ModelSpec, T, Items extends readonly Item[]> = Items[number] extends infer I ? I extends FieldItem<infer Key, infer Name> ? Name extends keyof Fields<M, T> | '__typename' ? Key : never : never : never;
type Removed<Items extends readonly Item[]> = Items[number] extends infer I ? I extends RemoveItem<infer Name> ? Name : never : never;

/** The object a list of items writes on type `T`: an empty list is the defaults; otherwise exactly what is named, wildcards' sets, `[Always]` fields, less removals. */
export type Evaluate<M extends ModelSpec, T, Items extends readonly Item[], Path extends string = T & string> = Items extends readonly []
  ? Show<DefaultsOf<M, T, Path>>
  : Show<Omit<Omit<Wildcards<M, T, Items, Path>, NamedKeys<Items>> & Named<M, T, Items, Path> & AlwaysOf<M, T, Path>, Exclude<Removed<Items>, AlwaysKeys<M, T>>>>;

/** The first problem the server would refuse the items for (an unknown field, children on a scalar), or never. */
export type CheckItems<M extends ModelSpec, T, Items extends readonly Item[]> = Items extends readonly [infer First, ...infer Rest extends readonly Item[]]
  ? [CheckItem<M, T, First>] extends [never] ? CheckItems<M, T, Rest> : CheckItem<M, T, First>
  : never;

type CheckItem<M extends ModelSpec, T, I> =
  I extends FieldItem<string, infer Name, infer Children, infer Optional>
    ? Name extends '__typename' ? never
    : Name extends keyof Fields<M, T>
      ? Children extends readonly Item[]
        ? Fields<M, T>[Name]['model'] extends string ? CheckItems<M, Fields<M, T>[Name]['model'], Children> : `'${Name & string}' on ${T & string} is a scalar and takes no children`
        : never
      : Optional extends true ? never : `'${Name}' is not a field of ${T & string}`
  : I extends RemoveItem<infer Name> ? Name extends keyof Fields<M, T> ? never : `'${Name}' is not a field of ${T & string}`
  : never;

/** Why the server would refuse selection `S` on type `T` (a message), or never when it is accepted. */
export type SelectionError<M extends ModelSpec, T extends string, S extends string> = ParseSelection<S> extends ParseFailure<infer Message>
  ? Message
  : ParseSelection<S> extends infer Items extends readonly Item[] ? CheckItems<M, T, Items> : never;

/** A refused selection as a type: what `Select` gives instead of a response, so using it is an error too. */
export interface PopcornSelectionError<Message extends string> {
  popcornSelectionError: Message;
}

/**
 * The exact response object of selection `S` on model type `T`: `Select<Model, 'Employee', '[id,manager[firstName]]'>`
 * is `{ id: number; manager: { id: number; firstName: string } | null }`. A selection the server would refuse is a
 * {@link PopcornSelectionError} naming why.
 */
export type Select<M extends ModelSpec, T extends keyof M & string, S extends string> = [SelectionError<M, T, S>] extends [never]
  ? ParseSelection<S> extends infer Items extends readonly Item[] ? Evaluate<M, T, Items> : never
  : PopcornSelectionError<SelectionError<M, T, S>>;

/**
 * For a parameter typed `S & ValidSelection<...>`: nothing more when the server accepts `S`, or an impossible
 * requirement whose name is the reason, so `tsc` reports the reason at the call.
 */
export type ValidSelection<M extends ModelSpec, T extends string, S extends string> = [SelectionError<M, T, S>] extends [never]
  ? unknown
  : { popcornSelectionError: SelectionError<M, T, S> };
