/**
 * What the gateway says of itself through GraphQL introspection, as GraphiQL reads it: the GraphQL types of root
 * fields, arguments and fields, their descriptions, argument defaults and deprecations. The page reads
 * `/popcorn/schema` for everything Popcorn-specific (resources, Always/Default marks, the C# types REST users see)
 * and this for the gateway, so gateway mode documents what a GraphQL client of `/graphql` will see.
 */
export interface GatewayArgument {
  name: string;
  /** GraphQL type notation, e.g. `Int!`. */
  type: string;
  description: string | null;
  defaultValue: string | null;
}

export interface GatewayField {
  name: string;
  type: string;
  description: string | null;
  deprecationReason: string | null;
  args: GatewayArgument[];
}

/** An input object's field, or an enum's value (whose `type` is empty). */
export interface GatewayInputValue {
  name: string;
  type: string;
  description: string | null;
}

/** A type a client writes rather than reads: an input object (`OrderFilter`, `OrderSort`) or an enum (`SortDirection`). */
export interface GatewayInputType {
  name: string;
  kind: 'INPUT_OBJECT' | 'ENUM';
  description: string | null;
  values: GatewayInputValue[];
}

export interface GatewaySchema {
  rootFields: Map<string, GatewayField>;
  /** Fields by type name, then by field name. */
  types: Map<string, Map<string, GatewayField>>;
  /** The input objects and enums the arguments use, by name order (GraphiQL's docs list them too). */
  inputTypes: GatewayInputType[];
}

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

interface IntrospectedField {
  name: string;
  description: string | null;
  isDeprecated: boolean;
  deprecationReason: string | null;
  type: TypeRef;
  args: { name: string; description: string | null; defaultValue: string | null; type: TypeRef }[];
}

const typeRef = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
export const introspectionQuery = `query PlaygroundIntrospection { __schema { queryType { name } types { kind name description fields(includeDeprecated: true) { name description isDeprecated deprecationReason type { ${typeRef} } args { name description defaultValue type { ${typeRef} } } } inputFields { name description type { ${typeRef} } } enumValues { name description } } } }`;

/** Introspects the gateway at `path`; null when it has introspection turned off or cannot answer. */
export async function fetchGatewaySchema(path: string): Promise<GatewaySchema | null> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: introspectionQuery }),
    });
    const body = (await response.json()) as { data?: { __schema?: IntrospectedSchema } };
    return response.ok && body.data?.__schema ? toGatewaySchema(body.data.__schema) : null;
  } catch {
    return null;
  }
}

interface IntrospectedSchema {
  queryType: { name: string };
  types: {
    kind: string;
    name: string;
    description: string | null;
    fields: IntrospectedField[] | null;
    inputFields: { name: string; description: string | null; type: TypeRef }[] | null;
    enumValues: { name: string; description: string | null }[] | null;
  }[];
}

function toGatewaySchema(schema: IntrospectedSchema): GatewaySchema {
  const types = new Map<string, Map<string, GatewayField>>();
  const inputTypes: GatewayInputType[] = [];
  for (const type of schema.types) {
    if (type.name.startsWith('__')) {
      continue;
    }

    if (type.kind === 'OBJECT' && type.fields) {
      types.set(type.name, new Map(type.fields.map((field) => [field.name, toField(field)])));
    } else if (type.kind === 'INPUT_OBJECT' && type.inputFields) {
      const values = type.inputFields.map((field) => ({ name: field.name, type: printType(field.type), description: field.description }));
      inputTypes.push({ name: type.name, kind: 'INPUT_OBJECT', description: type.description, values });
    } else if (type.kind === 'ENUM' && type.enumValues) {
      const values = type.enumValues.map((value) => ({ name: value.name, type: '', description: value.description }));
      inputTypes.push({ name: type.name, kind: 'ENUM', description: type.description, values });
    }
  }

  inputTypes.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { rootFields: types.get(schema.queryType.name) ?? new Map(), types, inputTypes };
}

function toField(field: IntrospectedField): GatewayField {
  return {
    name: field.name,
    type: printType(field.type),
    description: field.description,
    deprecationReason: field.isDeprecated ? (field.deprecationReason ?? 'Deprecated.') : null,
    args: field.args.map((arg) => ({ name: arg.name, type: printType(arg.type), description: arg.description, defaultValue: arg.defaultValue })),
  };
}

/** `[Employee!]!` from the nested NON_NULL/LIST references. */
export function printType(type: TypeRef): string {
  if (type.kind === 'NON_NULL' && type.ofType) {
    return `${printType(type.ofType)}!`;
  }

  return type.kind === 'LIST' && type.ofType ? `[${printType(type.ofType)}]` : (type.name ?? '?');
}
