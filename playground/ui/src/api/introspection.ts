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

export interface GatewaySchema {
  rootFields: Map<string, GatewayField>;
  /** Fields by type name, then by field name. */
  types: Map<string, Map<string, GatewayField>>;
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
export const introspectionQuery = `query PlaygroundIntrospection { __schema { queryType { name } types { kind name fields(includeDeprecated: true) { name description isDeprecated deprecationReason type { ${typeRef} } args { name description defaultValue type { ${typeRef} } } } } } }`;

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
  types: { kind: string; name: string; fields: IntrospectedField[] | null }[];
}

function toGatewaySchema(schema: IntrospectedSchema): GatewaySchema {
  const types = new Map<string, Map<string, GatewayField>>();
  for (const type of schema.types) {
    if (type.kind === 'OBJECT' && type.fields && !type.name.startsWith('__')) {
      types.set(type.name, new Map(type.fields.map((field) => [field.name, toField(field)])));
    }
  }

  return { rootFields: types.get(schema.queryType.name) ?? new Map(), types };
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
