/**
 * The shape of a model description: what `popcorn-types generate` writes from a server's `/popcorn/schema`, and what
 * the selection types read. One entry per model type, one per selectable field (`[Never]` fields are not in the schema,
 * so naming one is an unknown field here too, as on the server).
 */
export interface FieldSpec {
  /** How the value is shaped: one scalar, one model object, a list, or a map (a JSON object of values). */
  kind: 'scalar' | 'object' | 'list' | 'map';
  /** The TypeScript type of a scalar, or of a list's elements or a map's values when they are not models. */
  value: unknown;
  /** The model of an object, or of a list's elements or a map's values; null when they are scalars. */
  model: string | null;
  /** Whether the value may be null. */
  nullable: boolean;
  /** `[Always]`: written whatever the selection says, and cannot be removed. */
  always: boolean;
  /** Written when nothing is selected (`[Default]` or `[Always]`; every field of a type that marks none). */
  default: boolean;
  /** The `[SubPropertyDefault]` selection a complex field named alone is written with, or null for its type's defaults. */
  sub: string | null;
  /**
   * `false` for a field only its own name writes: a list's aggregate (`ordersAggregate`), which neither the wildcards
   * (`!all`, `!full`) nor a type's defaults include. Absent (written by the wildcards) for every other field.
   */
  wildcard?: false;
}

/** Every model type of a server, by name. */
export type ModelSpec = { [type: string]: { [field: string]: FieldSpec } };

/** The REST resources a typed client can GET, by route template (`/api/employees/{id}`). */
export type ResourceSpec = { [path: string]: { type: string; list: boolean } };
