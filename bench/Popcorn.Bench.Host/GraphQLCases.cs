using System.Text.Json;

namespace Popcorn.Bench.Host;

/// <summary>One request of the GraphQL comparison: a document, its variables (JSON) and operation name.</summary>
public sealed record GraphQLCase(string Name, string Query, string? Variables = null, string? OperationName = null)
{
    /// <summary>The POST body both engines read: <c>{"query": ..., "variables": ..., "operationName": ...}</c>.</summary>
    public byte[] Body()
    {
        using var buffer = new MemoryStream();
        using (var json = new Utf8JsonWriter(buffer))
        {
            json.WriteStartObject();
            json.WriteString("query", Query);
            if (Variables is not null)
            {
                json.WritePropertyName("variables");
                json.WriteRawValue(Variables);
            }

            if (OperationName is not null)
            {
                json.WriteString("operationName", OperationName);
            }

            json.WriteEndObject();
        }

        return buffer.ToArray();
    }

    public override string ToString() => Name;
}

/// <summary>
/// The documents the GraphQL comparison sends to both engines (BenchmarkDotNet, wrk and the bench host's tests use
/// these same texts): a small query, a nested list, fragments with variables, and graphql-js's introspection query.
/// </summary>
public static class GraphQLCases
{
    /// <summary>One employee, two fields.</summary>
    public static readonly GraphQLCase Small = new("small", "{ employee(id: 7) { firstName lastName } }");

    /// <summary>Every department (10) with its members (20 each), four fields each.</summary>
    public static readonly GraphQLCase NestedList = new("nested-list", "{ departments { id name members { id firstName lastName email } } }");

    /// <summary>
    /// Named operation, variables (an argument and an <c>@include</c> condition), a fragment used at three levels. No
    /// object repeats on its own path: Popcorn's writers answer such a repeat (a cycle by reference) with null, which
    /// GraphQL.NET does not (see bench/results/graphql-net.md).
    /// </summary>
    public static readonly GraphQLCase Fragments = new("fragments", """
        query Colleagues($id: Int!, $withEmail: Boolean!) {
          employee(id: $id) { ...Person manager { ...Person } }
          departments { name members { ...Person title } }
        }
        fragment Person on Employee { id firstName lastName email @include(if: $withEmail) }
        """, """{"id":42,"withEmail":true}""", "Colleagues");

    /// <summary>graphql-js 16.15's <c>getIntrospectionQuery()</c> with its default options (indentation removed).</summary>
    public static readonly GraphQLCase Introspection = new("introspection", """
        query IntrospectionQuery {
          __schema {

            queryType { name kind }
            mutationType { name kind }
            subscriptionType { name kind }
            types {
              ...FullType
            }
            directives {
              name
              description



              locations
              args {
                ...InputValue
              }
            }
          }
        }

        fragment FullType on __Type {
          kind
          name
          description


          fields(includeDeprecated: true) {
            name
            description
            args {
              ...InputValue
            }
            type {
              ...TypeRef
            }
            isDeprecated
            deprecationReason
          }
          inputFields {
            ...InputValue
          }
          interfaces {
            ...TypeRef
          }
          enumValues(includeDeprecated: true) {
            name
            description
            isDeprecated
            deprecationReason
          }
          possibleTypes {
            ...TypeRef
          }
        }

        fragment InputValue on __InputValue {
          name
          description
          type { ...TypeRef }
          defaultValue


        }

        fragment TypeRef on __Type {
          kind
          name
          ofType {
            name
            kind
            ofType {
              name
              kind
              ofType {
                name
                kind
                ofType {
                  name
                  kind
                  ofType {
                    name
                    kind
                    ofType {
                      name
                      kind
                      ofType {
                        name
                        kind
                        ofType {
                          name
                          kind
                          ofType {
                            name
                            kind
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
        """);

    /// <summary>
    /// A mutation with a small input (through a variable, as clients send one) and a selection on its result, one level
    /// deep: employee 7 gets the title it already has, so every other case keeps reading the same data.
    /// </summary>
    public static readonly GraphQLCase Mutation = new("mutation", """
        mutation Retitle($input: RetitleEmployeeInput!) {
          retitleEmployee(input: $input) { id firstName title manager { firstName lastName } }
        }
        """, """{"input":{"id":7,"title":"Senior Engineer"}}""", "Retitle");

    /// <summary>Every case, in the order the reports list them.</summary>
    public static IReadOnlyList<GraphQLCase> All { get; } = [Small, NestedList, Fragments, Introspection, Mutation];

    /// <summary>The nested list's selection in the include syntax, for the REST side of the gateway-vs-REST comparison.</summary>
    public const string NestedListInclude = "[id,name,members[id,firstName,lastName,email]]";
}
