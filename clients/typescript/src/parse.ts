/**
 * A selection parsed at compile time: template literal types read the text of a selection (both of Popcorn's
 * syntaxes) into a small tree of items, as the server's parser does at run time. The grammar is docs/selection-language.md;
 * what the types cannot read (fragments, operations, variables) is a parse error naming the construct.
 */

/** A field written under `key` (its alias, or its name), with the children selected on it (null: named alone). */
export interface FieldItem<Key extends string = string, Name extends string = string, Children extends readonly Item[] | null = readonly Item[] | null, Optional extends boolean = boolean> {
  t: 'field';
  key: Key;
  name: Name;
  children: Children;
  optional: Optional;
}

/** `-name` (`name @exclude`): the field's own key is removed, whatever added it. */
export interface RemoveItem<Name extends string = string> {
  t: 'remove';
  name: Name;
}

/** `!all`, `!default`, `!full` (`__all`, `__default`, `__full`). */
export interface WildcardItem<W extends 'all' | 'default' | 'full' = 'all' | 'default' | 'full'> {
  t: 'wild';
  w: W;
}

export type Item = FieldItem | RemoveItem | WildcardItem;

/** A parse that failed, with the reason in words. */
export interface ParseFailure<Message extends string> {
  failure: Message;
}

type Space = ' ' | '\t' | '\n' | '\r';
type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';
type NameChar = Lower | Uppercase<Lower> | '_' | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** Drops leading white space (and, in the GraphQL-like syntax, commas, which GraphQL counts as white space). */
type Skip<S extends string, Extra extends string = never> = S extends `${Space | Extra}${infer Rest}` ? Skip<Rest, Extra> : S;

/** Reads a name: `[Name, Rest]`. */
type ReadName<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar ? ReadName<Rest, `${Name}${C}`> : [Name, S]
  : [Name, S];

/** Skips a balanced argument list after its `(`, strings included: the types do not check arguments, the server does. */
type SkipArguments<S extends string, Depth extends unknown[] = []> = S extends `${infer C}${infer Rest}`
  ? C extends ')' ? (Depth extends [unknown, ...infer Outer] ? SkipArguments<Rest, Outer> : Rest)
  : C extends '(' ? SkipArguments<Rest, [unknown, ...Depth]>
  : C extends '"' ? SkipArguments<SkipString<Rest>, Depth>
  : SkipArguments<Rest, Depth>
  : ParseFailure<'an argument list is not closed with )'>;

type SkipString<S extends string> = S extends `${infer C}${infer Rest}`
  ? C extends '"' ? Rest : C extends '\\' ? (Rest extends `${string}${infer After}` ? SkipString<After> : Rest) : SkipString<Rest>
  : S;

/** Skips `(...)` when the text starts with it. */
type AfterArguments<S extends string> = Skip<S> extends `(${infer Rest}` ? SkipArguments<Rest> : Skip<S>;

// ---- The include syntax: [id,boss:manager[email],-lastName,!all,?nickname,vehicles(first: 2)[make]] ----

type IncludeItems<S extends string, Items extends readonly Item[] = []> = Skip<S, ','> extends `]${infer Rest}`
  ? [Items, Rest]
  : IncludeItem<Skip<S, ','>> extends [infer One extends Item, infer Rest extends string]
    ? IncludeItems<Rest, [...Items, One]>
    : IncludeItem<Skip<S, ','>>;

type IncludeItem<S extends string> =
  S extends `-${infer Rest}` ? ReadName<Skip<Rest>> extends [infer N extends string, infer After extends string] ? N extends '' ? ParseFailure<`a name must follow -: ${S}`> : [RemoveItem<N>, After] : never
  : S extends `!${infer Rest}` ? ReadName<Rest> extends [infer W extends string, infer After extends string]
    ? W extends 'all' | 'default' | 'full' ? [WildcardItem<W>, After] : ParseFailure<`!${W} is not a wildcard: write !all, !default or !full`>
    : never
  : S extends `?${infer Rest}` ? IncludeField<Skip<Rest>, true>
  : IncludeField<S, false>;

type IncludeField<S extends string, Optional extends boolean> = ReadName<S> extends [infer First extends string, infer Rest extends string]
  ? First extends ''
    ? ParseFailure<S extends '' ? 'the selection ends before its ]' : `unexpected text: ${S}`>
    : Skip<Rest> extends `:${infer AfterColon}`
      ? ReadName<Skip<AfterColon>> extends [infer Name extends string, infer AfterName extends string]
        ? Name extends '' ? ParseFailure<`a field name must follow the alias ${First}:`> : IncludeChildren<First, Name, AfterArguments<AfterName>, Optional>
        : never
      : IncludeChildren<First, First, AfterArguments<Rest>, Optional>
  : never;

type IncludeChildren<Key extends string, Name extends string, S, Optional extends boolean> = S extends ParseFailure<string>
  ? S
  : S extends `[${infer Rest}`
    ? IncludeItems<Rest> extends [infer Children extends readonly Item[], infer After extends string] ? [FieldItem<Key, Name, Children, Optional>, After] : IncludeItems<Rest>
    : S extends string ? [FieldItem<Key, Name, null, Optional>, S] : never;

// ---- The GraphQL-like syntax: { id boss: manager { email } lastName @exclude __all nickname @optional } ----

type GraphQLItems<S extends string, Items extends readonly Item[] = []> = Skip<S, ','> extends `}${infer Rest}`
  ? [Items, Rest]
  : Skip<S, ','> extends `...${string}` ? ParseFailure<'fragments and type conditions are not typed: write the fields, or use the include syntax'>
  : GraphQLItem<Skip<S, ','>> extends [infer One extends Item, infer Rest extends string]
    ? GraphQLItems<Rest, [...Items, One]>
    : GraphQLItem<Skip<S, ','>>;

type GraphQLItem<S extends string> = ReadName<S> extends [infer First extends string, infer Rest extends string]
  ? First extends ''
    ? ParseFailure<S extends '' ? 'the selection ends before its }' : `unexpected text: ${S}`>
    : First extends '__all' | '__default' | '__full'
      ? [WildcardItem<First extends `__${infer W extends 'all' | 'default' | 'full'}` ? W : never>, Rest]
      : Skip<Rest, ','> extends `:${infer AfterColon}`
        ? ReadName<Skip<AfterColon, ','>> extends [infer Name extends string, infer AfterName extends string]
          ? GraphQLDirectives<First, Name, AfterArguments<AfterName>>
          : never
        : GraphQLDirectives<First, First, AfterArguments<Rest>>
  : never;

/** `@exclude` removes the field, `@optional` tolerates an unknown one; then an optional `{ ... }` of children. */
type GraphQLDirectives<Key extends string, Name extends string, S, Optional extends boolean = false> = S extends ParseFailure<string>
  ? S
  : S extends string
    ? Skip<S, ','> extends `@exclude${infer Rest}` ? [RemoveItem<Name>, Rest]
    : Skip<S, ','> extends `@optional${infer Rest}` ? GraphQLDirectives<Key, Name, Rest, true>
    : Skip<S, ','> extends `@${string}` ? ParseFailure<`only @exclude and @optional are typed: ${S}`>
    : Skip<S, ','> extends `{${infer Rest}`
      ? GraphQLItems<Rest> extends [infer Children extends readonly Item[], infer After extends string] ? [FieldItem<Key, Name, Children, Optional>, After] : GraphQLItems<Rest>
      : [FieldItem<Key, Name, null, Optional>, S]
    : never;

/**
 * The items of a selection text, or a {@link ParseFailure}. The syntax is chosen by the first significant character,
 * as on the server: `[` (or a root argument list `(...)` before it) is the include syntax, `{` the GraphQL-like one;
 * an empty text is the defaults (`[]`).
 */
export type ParseSelection<S extends string> = string extends S
  ? ParseFailure<'the selection must be a string literal to be typed'>
  : Skip<S> extends '' ? []
  : Skip<S> extends `(${infer Rest}` ? (SkipArguments<Rest> extends infer After extends string ? ParseSelection<After> : SkipArguments<Rest>)
  : Skip<S> extends `[${infer Rest}` ? Finish<IncludeItems<Rest>>
  : Skip<S> extends `query${string}` | `fragment${string}` ? ParseFailure<'operations and fragments are not typed: write the shorthand { ... } or the include syntax'>
  : Skip<S> extends `{${infer Rest}` ? Finish<GraphQLItems<Rest>>
  : ParseFailure<`a selection starts with [ or {: ${S}`>;

type Finish<P> = P extends [infer Items extends readonly Item[], infer Rest extends string]
  ? Skip<Rest> extends '' ? Items : ParseFailure<`unexpected text after the selection: ${Rest}`>
  : P;
