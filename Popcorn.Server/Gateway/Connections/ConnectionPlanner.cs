using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Plans a connection root field (<c>ordersConnection { edges { cursor node { id } } pageInfo { hasNextPage } }</c>):
/// reads the connection's levels into a <see cref="ConnectionPlan"/>, compiles each <c>node</c>'s selection against the
/// element type for the caller (so a hidden or <c>[Never]</c> field is unknown there exactly as in a plain list), and
/// compiles the rows plan: every node's fields, with the list's <c>first</c>/<c>after</c>/<c>orderBy</c>/<c>where</c>
/// checked as a plain list's are, ordered by the tie-breakers when the client gives no order (so every edge has a
/// cursor), and reading one row more than the page. With <paramref name="checkOnly"/> its selections are compiled
/// outside the plan cache (<see cref="GatewayOperations.Check"/>).
/// </summary>
internal sealed class ConnectionPlanner(CallerPlans callerPlans, bool checkOnly = false)
{
    private const string ValidationFailed = "GRAPHQL_VALIDATION_FAILED";

    /// <summary>The step of connection field <paramref name="property"/> over <paramref name="field"/>'s list, or null with <paramref name="errors"/> added.</summary>
    public GatewayStep? Plan(SelectionTree document, PropertyReference property, string key, GatewayField field, ResultShape shape, IReadOnlyDictionary<string, object?> arguments, FieldAccess access, List<GraphQLError> errors)
    {
        int before = errors.Count;
        var compile = new Compiler(callerPlans, !checkOnly, document, shape.Metadata, access, key, errors);
        var keys = new List<ConnectionKey>();
        var nodes = new List<PropertyReference>();
        foreach (var (item, children) in Group(property.Children, key, errors))
        {
            var name = JsonEncodedText.Encode(item.OutputName);
            switch (item.Name)
            {
                case NameRules.TypeName:
                    keys.Add(new ConnectionKey(name, ConnectionPart.TypeName, [], []));
                    break;
                case "totalCount":
                    keys.Add(new ConnectionKey(name, ConnectionPart.TotalCount, [], []));
                    break;
                case "pageInfo":
                    keys.Add(new ConnectionKey(name, ConnectionPart.PageInfo, [], PageInfoKeys(children, key, errors)));
                    break;
                case "edges":
                    keys.Add(new ConnectionKey(name, ConnectionPart.Edges, EdgeKeys(children, compile, nodes, key, errors), []));
                    break;
                default:
                    errors.Add(Unknown(item, ConnectionFields.ConnectionType(shape.Metadata), key));
                    break;
            }
        }

        if (errors.Count > before)
        {
            return null;
        }

        // The rows: every node's fields, arranged by the list's arguments, plus the tie-breakers' order if none is given.
        var listArguments = property.Arguments.Where(a => Array.IndexOf(ConnectionFields.ArgumentNames, a.Name) >= 0).ToList();
        if (!listArguments.Exists(a => a.Name == "orderBy"))
        {
            var order = ConnectionFields.TieBreakers(shape.Metadata, access).Select(f => QueryValue.Object([new QueryArgument(f.WireName, QueryValue.Enum("ASC"))]));
            listArguments.Add(new QueryArgument("orderBy", QueryValue.List(order.ToArray())) { Location = property.Location });
        }

        var rows = compile.Plan(nodes, listArguments);
        if (rows is null)
        {
            return null;
        }

        if (rows.Arguments is not { Cursors: not null } listed)
        {
            // ConnectionFields offers a connection only over elements with a tie-breaker, and the order above names them.
            errors.Add(new GraphQLError($"The field '{field.Name}' cannot be paged by cursor.", property.Location, key, "INTERNAL_SERVER_ERROR"));
            return null;
        }

        int pageSize = listed.First ?? ConnectionFields.DefaultPageSize;
        var plan = rows.WithArguments(listed.WithFirst(pageSize + 1), rows.ArgumentsLocation);
        return new GatewayStep(key, property.Location, field, arguments, shape, plan) { Connection = new ConnectionPlan(keys, shape.Metadata, pageSize) };
    }

    private static List<EdgeKey> EdgeKeys(List<PropertyReference> items, Compiler compile, List<PropertyReference> nodes, string key, List<GraphQLError> errors)
    {
        var keys = new List<EdgeKey>();
        foreach (var (item, children) in Group(items, key, errors))
        {
            var name = JsonEncodedText.Encode(item.OutputName);
            switch (item.Name)
            {
                case NameRules.TypeName:
                    keys.Add(new EdgeKey(name, EdgePart.TypeName, null));
                    break;
                case "cursor":
                    keys.Add(new EdgeKey(name, EdgePart.Cursor, null));
                    break;
                case "node":
                    nodes.AddRange(children);
                    if (compile.Plan(children, []) is { } node)
                    {
                        keys.Add(new EdgeKey(name, EdgePart.Node, node));
                    }

                    break;
                default:
                    errors.Add(Unknown(item, ConnectionFields.EdgeType(compile.Element), key));
                    break;
            }
        }

        return keys;
    }

    private static List<PageInfoKey> PageInfoKeys(List<PropertyReference> items, string key, List<GraphQLError> errors)
    {
        var keys = new List<PageInfoKey>();
        foreach (var (item, _) in Group(items, key, errors))
        {
            PageInfoPart? part = item.Name switch
            {
                NameRules.TypeName => PageInfoPart.TypeName,
                "hasNextPage" => PageInfoPart.HasNextPage,
                "hasPreviousPage" => PageInfoPart.HasPreviousPage,
                "startCursor" => PageInfoPart.StartCursor,
                "endCursor" => PageInfoPart.EndCursor,
                _ => null,
            };
            if (part is { } known)
            {
                keys.Add(new PageInfoKey(JsonEncodedText.Encode(item.OutputName), known));
            }
            else
            {
                errors.Add(Unknown(item, ConnectionFields.PageInfoType, key));
            }
        }

        return keys;
    }

    /// <summary>
    /// The level's selections by response key, in first-appearance order, with the children of a key selected twice
    /// (through fragments) merged, as the spec's CollectFields does; type conditions on these object types merged in place.
    /// </summary>
    private static List<(PropertyReference Item, List<PropertyReference> Children)> Group(IReadOnlyList<PropertyReference> items, string key, List<GraphQLError> errors)
    {
        var groups = new List<(PropertyReference Item, List<PropertyReference> Children)>();
        foreach (var item in PropertyReference.MergeTypeConditions(items))
        {
            if (item.IsWildcard || item.IsNegated || item.IsOptional)
            {
                errors.Add(new GraphQLError("Wildcards, removals and optional fields select a model's fields; inside a connection, name its fields.", item.Location, key, ValidationFailed));
                continue;
            }

            int at = groups.FindIndex(g => g.Item.OutputName == item.OutputName);
            if (at < 0)
            {
                groups.Add((item, [.. item.Children]));
            }
            else
            {
                groups[at].Children.AddRange(item.Children);
            }
        }

        return groups;
    }

    private static GraphQLError Unknown(PropertyReference item, string typeName, string key) =>
        new($"Unknown field '{GraphQLError.Quote(item.Name)}' on type '{typeName}'.", item.Location, key, ValidationFailed, Kind: QueryErrorKind.UnknownField);

    /// <summary>Compiles selections over the element type for the caller, adding the compiler's error (with its position) when one fails.</summary>
    private sealed class Compiler(CallerPlans callerPlans, bool cached, SelectionTree document, TypeMetadata element, FieldAccess access, string key, List<GraphQLError> errors)
    {
        public TypeMetadata Element => element;

        public SelectionPlan? Plan(IReadOnlyList<PropertyReference> children, IReadOnlyList<QueryArgument> arguments)
        {
            var selection = new SelectionTree(children, arguments, document.SourceText, document.Syntax);
            if (callerPlans.TryCompileForGateway(element, selection, access, cached, out var plan, out var error))
            {
                return plan;
            }

            errors.Add(GraphQLError.From(error, key));
            return null;
        }
    }
}
