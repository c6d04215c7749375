export type { FieldSpec, ModelSpec, ResourceSpec } from './model.js';
export type { ParseSelection, ParseFailure, Item, FieldItem, RemoveItem, WildcardItem } from './parse.js';
export type { Select, SelectionError, ValidSelection, PopcornSelectionError, DefaultsOf, FullOf, Evaluate } from './select.js';
export { createPopcornClient, PopcornRequestError } from './client.js';
export type { PopcornClient, PopcornClientOptions, PathParams, ResourceResult } from './client.js';
