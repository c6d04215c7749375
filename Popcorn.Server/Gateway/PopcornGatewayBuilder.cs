using System.Diagnostics.CodeAnalysis;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Declares the root fields of the <c>/graphql</c> gateway.</summary>
public sealed class PopcornGatewayBuilder
{
    internal const string ReflectionWarning =
        "A root field's resolver is bound by reflection: its parameters are read and it is invoked dynamically, and a Task<T> result is read through Task<T>.Result. Keep the resolver's parameter and return types when trimming; a lambda or method group compiled into the app is kept under Native AOT (docs/aot.md).";

    private readonly List<GatewayFieldDeclaration> _fields = new();

    internal IReadOnlyList<GatewayFieldDeclaration> Declarations => _fields;

    /// <summary>
    /// Adds a root field. The resolver's parameters of scalar types (int, string, bool, Guid, enums, …) are the
    /// field's arguments, bound by name; <c>HttpContext</c>, <c>CancellationToken</c> and services are injected.
    /// It returns a model, a sequence of models, or a <c>Task</c> of either; the client's selection shapes the value.
    /// </summary>
    /// <param name="name">The field's name, e.g. <c>employee</c>.</param>
    /// <param name="resolver">Produces the value, e.g. <c>(int id, SampleData data) =&gt; data.FindEmployee(id)</c>.</param>
    /// <param name="description">Shown in the schema.</param>
    /// <returns>This builder, for chaining.</returns>
    [RequiresUnreferencedCode(ReflectionWarning)]
    public PopcornGatewayBuilder Field(string name, Delegate resolver, string? description = null) =>
        Add(new GatewayFieldDeclaration(name, resolver, description, IsMutation: false));

    /// <summary>
    /// Adds a field of the <c>Mutation</c> type: a write, run over POST only, one after another in the document's order.
    /// The resolver's parameters bind as for <see cref="Field"/>, and a parameter of a record or class the app's JSON
    /// metadata knows (not a service) is an input object, read by the app's <c>JsonSerializerContext</c>. It returns the
    /// changed model, a sequence, an <c>IQueryable</c> (projected by the selection and read back after the write) or a
    /// <c>Task</c> of one; a <see cref="PopcornFieldException"/> it throws is the field's error with the app's code.
    /// </summary>
    /// <param name="name">The field's name, e.g. <c>placeOrder</c>.</param>
    /// <param name="resolver">Does the write, e.g. <c>(PlaceOrderInput input, StoreDbContext db, CancellationToken ct) =&gt; ...</c>.</param>
    /// <param name="description">Shown in the schema.</param>
    /// <param name="policy">An authorization policy the caller must satisfy: a caller refused it neither sees the field nor runs it.</param>
    /// <returns>This builder, for chaining.</returns>
    [RequiresUnreferencedCode(ReflectionWarning)]
    public PopcornGatewayBuilder Mutation(string name, Delegate resolver, string? description = null, string? policy = null) =>
        Add(new GatewayFieldDeclaration(name, resolver, description, IsMutation: true) { Policy = policy });

    /// <summary>
    /// Serves the root fields of the upstream Popcorn service <paramref name="service"/> (configured under
    /// <c>Popcorn:Upstreams:{service}</c> and registered with <c>AddPopcornUpstreams</c>): its schema is read when the
    /// app starts, its types join this gateway's schema, and each of its root fields is answered by sending the service
    /// exactly the selection's part it owns (docs/gateway.md).
    /// </summary>
    /// <param name="service">The upstream's name, e.g. <c>orders</c>.</param>
    /// <returns>This builder, for chaining.</returns>
    public PopcornGatewayBuilder Upstream(string service)
    {
        ArgumentException.ThrowIfNullOrEmpty(service);
        if (!_upstreams.Contains(service))
        {
            _upstreams.Add(service);
        }

        return this;
    }

    private readonly List<string> _upstreams = new();

    internal IReadOnlyList<string> Upstreams => _upstreams;

    /// <summary>
    /// Adds a field to an upstream service's type whose value another upstream root field gives, matched by key
    /// (docs/gateway.md, "Joins"): <c>Join("Order.customer", from: "customers", key: "customerId")</c> gives every
    /// <c>Order</c> a <c>customer</c>, the element of <c>customers</c> whose <c>id</c> equals the order's
    /// <c>customerId</c>, or null when there is none. The gateway fetches a join once per level of the response per
    /// service, with all the keys of that level in one <c>where: {id: {in: [...]}}</c> (in chunks of the service's
    /// <c>in</c> bound), never once per object, and sends the service only the fields selected under the join. Checked
    /// when the app starts: the type, the root field (a list root field of an upstream) and both keys must exist, the
    /// target key must be filterable, and the field's name must be free.
    /// </summary>
    /// <param name="field">The new field as <c>Type.name</c>, the type as the gateway's schema names it (with its service's prefix), e.g. <c>Order.customer</c>.</param>
    /// <param name="from">The list root field, as the gateway's schema names it, whose elements the field's values are, e.g. <c>customers</c>.</param>
    /// <param name="key">The field of <c>Type</c> holding the key, e.g. <c>customerId</c>.</param>
    /// <param name="targetKey">The field of <paramref name="from"/>'s elements it is matched to; default <c>id</c>.</param>
    /// <param name="description">Shown in the schema.</param>
    /// <returns>This builder, for chaining.</returns>
    public PopcornGatewayBuilder Join(string field, string from, string key, string targetKey = "id", string? description = null) =>
        AddJoin(field, from, key, targetKey, description, many: false);

    /// <summary>
    /// Adds a list field to an upstream service's type whose elements another upstream root field gives, matched by key
    /// (docs/gateway.md, "Joins"): <c>JoinMany("Customer.orders", from: "orders", targetKey: "customerId")</c> gives
    /// every <c>Customer</c> the list <c>orders</c>, every element of <c>orders</c> whose <c>customerId</c> equals the
    /// customer's <c>id</c>, in the service's order, empty when there is none. Fetched as <see cref="Join"/>'s are: once
    /// per level per service, all keys of the level in one <c>where: {customerId: {in: [...]}}</c>, with the client's
    /// <c>where</c> and-ed to it and its <c>orderBy</c>; <c>first</c> and <c>skip</c> page each parent's list (applied by
    /// the gateway); <c>after</c> is refused. Checked as <see cref="Join"/> is.
    /// </summary>
    /// <param name="field">The new field as <c>Type.name</c>, e.g. <c>Customer.orders</c>.</param>
    /// <param name="from">The list root field whose elements are the field's, e.g. <c>orders</c>.</param>
    /// <param name="targetKey">The field of <paramref name="from"/>'s elements holding the parent's key, e.g. <c>customerId</c>; the service must be able to filter by it.</param>
    /// <param name="key">The field of <c>Type</c> it is matched to; default <c>id</c>.</param>
    /// <param name="description">Shown in the schema.</param>
    /// <returns>This builder, for chaining.</returns>
    public PopcornGatewayBuilder JoinMany(string field, string from, string targetKey, string key = "id", string? description = null) =>
        AddJoin(field, from, key, targetKey, description, many: true);

    private PopcornGatewayBuilder AddJoin(string field, string from, string key, string targetKey, string? description, bool many)
    {
        ArgumentException.ThrowIfNullOrEmpty(field);
        ArgumentException.ThrowIfNullOrEmpty(from);
        ArgumentException.ThrowIfNullOrEmpty(key);
        ArgumentException.ThrowIfNullOrEmpty(targetKey);
        int dot = field.IndexOf('.', StringComparison.Ordinal);
        if (dot <= 0 || !SelectionParser.IsValidFieldName(field.AsSpan(dot + 1)))
        {
            throw new ArgumentException($"'{field}' does not name a field as Type.name (e.g. Order.customer).", nameof(field));
        }

        var declaration = new UpstreamJoinDeclaration(field[..dot], field[(dot + 1)..], from, key, targetKey, description, many);
        if (_joins.Any(j => j.TypeName == declaration.TypeName && j.FieldName == declaration.FieldName))
        {
            throw new ArgumentException($"The gateway already joins '{field}'.", nameof(field));
        }

        _joins.Add(declaration);
        return this;
    }

    private readonly List<UpstreamJoinDeclaration> _joins = new();

    internal IReadOnlyList<UpstreamJoinDeclaration> Joins => _joins;

    private PopcornGatewayBuilder Add(GatewayFieldDeclaration declaration)
    {
        ArgumentException.ThrowIfNullOrEmpty(declaration.Name);
        ArgumentNullException.ThrowIfNull(declaration.Resolver);
        if (!SelectionParser.IsValidFieldName(declaration.Name) || _fields.Any(f => f.Name == declaration.Name && f.IsMutation == declaration.IsMutation))
        {
            throw new ArgumentException($"'{declaration.Name}' is not a valid, unique GraphQL field name.", "name");
        }

        _fields.Add(declaration);
        return this;
    }
}
