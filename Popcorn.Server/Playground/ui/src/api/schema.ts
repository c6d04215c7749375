import { toolsPath, useServerNames } from './serverNames';

/** The shape of `GET /popcorn/schema`: the server's description of its models and entry points. */

export type FieldKind = 'scalar' | 'object' | 'list' | 'map';

export interface FieldInfo {
  name: string;
  kind: FieldKind;
  /** The C#-flavoured type as written on the model, e.g. `List<Car>` or `Employee?`. */
  type: string;
  /** The model type a nested selection picks from; null for scalars and collections of scalars. */
  elementType: string | null;
  isDefault: boolean;
  isAlways: boolean;
  isNullable: boolean;
  /** May order a list of its type (`[Sortable]`) / filter it (`[Filterable]`); older servers leave them out. */
  isSortable?: boolean;
  isFilterable?: boolean;
  /** The arguments a list of models takes (`first`, `skip`, `orderBy`, `where`; docs/data.md); absent elsewhere. */
  arguments?: string[];
  /** The selection used under this field when the query names it without children, e.g. `[id,name]`. */
  subPropertyDefault?: string | null;
  description: string | null;
}

export interface TypeInfo {
  name: string;
  description: string | null;
  fields: FieldInfo[];
}

export interface ArgumentInfo {
  name: string;
  /** GraphQL type notation, e.g. `Int!`. */
  type: string;
}

export interface ResourceInfo {
  name: string;
  method: string;
  /** Path template with `{name}` placeholders for the parameters. */
  path: string;
  type: string;
  isList: boolean;
  parameters: ArgumentInfo[];
}

export interface RootFieldInfo {
  name: string;
  type: string;
  isList: boolean;
  /** The resolver's own arguments (`employee(id: Int!)`). */
  arguments: ArgumentInfo[];
  /**
   * The list arguments Popcorn applies to a root list (`first`, `skip`, `orderBy: [OrderSort!]`, `where: OrderFilter`,
   * `after`), those the resolver does not bind itself; empty on a single object (docs/clients.md).
   */
  listArguments: ArgumentInfo[];
  description?: string | null;
}

/** Every argument of a root field, in the SDL's order: the resolver's own, then Popcorn's list arguments. */
export function rootArguments(root: RootFieldInfo): ArgumentInfo[] {
  return [...root.arguments, ...root.listArguments];
}

export interface Schema {
  /** The query parameter, header and gateway path the app reads; older servers leave them out. */
  queryParameterName?: string;
  headerName?: string;
  gatewayPath?: string | null;
  figuresPath?: string | null;
  types: TypeInfo[];
  resources: ResourceInfo[];
  rootFields: RootFieldInfo[];
}

/** Loads the schema and takes the app's names from it (see `serverNames`). */
export async function fetchSchema(): Promise<Schema> {
  const url = `${toolsPath()}/schema`;
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`GET ${url} answered ${response.status} ${response.statusText}`);
  }

  const schema = (await response.json()) as Partial<Schema>;
  useServerNames({
    queryParameterName: schema.queryParameterName,
    headerName: schema.headerName,
    gatewayPath: schema.gatewayPath ?? undefined,
    figuresPath: schema.figuresPath ?? null,
  });
  // Tolerate a server that leaves out an empty section rather than failing the whole page.
  const rootFields = (schema.rootFields ?? []).map((root) => ({ ...root, listArguments: root.listArguments ?? [] }));
  return { types: schema.types ?? [], resources: schema.resources ?? [], rootFields };
}
