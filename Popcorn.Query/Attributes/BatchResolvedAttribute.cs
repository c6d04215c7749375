namespace Popcorn;

/// <summary>
/// Makes a property's value come from a batch resolver, called once for all the objects of one level of a response
/// rather than once per object: <c>[BatchResolved(typeof(EmployeeRatings))] public decimal? Rating { get; init; }</c>,
/// where <c>EmployeeRatings</c> implements <see cref="Popcorn.Query.IPopcornBatchResolver{TParent, TValue}"/> for the
/// declaring type and the property's type. Popcorn.Server calls the resolver only when a selection names the field,
/// with every object of that level the response writes (in chunks of at most <c>PopcornOptions.MaxFilterInValues</c>),
/// before writing them; a query source (EF Core) never reads the property from the database. See docs/batching.md.
/// </summary>
/// <remarks>
/// The property is still an ordinary field for everything else: the GraphQL schema, <c>/popcorn/schema</c>, OpenAPI
/// and the playground show it, defaults and wildcards include it (mark other members <c>[Default]</c> to leave it out
/// of the default selection). A writer used outside Popcorn.Server (no resolver ran) writes the property's own value.
/// </remarks>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, Inherited = true)]
public sealed class BatchResolvedAttribute : Attribute
{
    /// <summary>Resolves the member with <paramref name="resolverType"/>.</summary>
    /// <param name="resolverType">
    /// A class implementing <c>IPopcornBatchResolver&lt;TDeclaring, TMember&gt;</c>, taken from the request's services
    /// when registered there, else created with its constructor's parameters from them.
    /// </param>
    public BatchResolvedAttribute(Type resolverType)
    {
        ResolverType = resolverType;
    }

    /// <summary>The resolver's type.</summary>
    public Type ResolverType { get; }
}
