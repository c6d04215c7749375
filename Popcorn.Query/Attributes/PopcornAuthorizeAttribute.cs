namespace Popcorn;

/// <summary>
/// Makes a member visible only to callers an ASP.NET Core authorization policy allows:
/// <c>[PopcornAuthorize("sales")] public decimal CreditLimit { get; init; }</c>. For any other caller the field
/// behaves exactly like a <c>[Never]</c> one: naming it is answered as for a field that does not exist, it is never
/// suggested, wildcards and defaults leave it out, and the schema, SDL, introspection and OpenAPI that caller reads do
/// not show it (unless <c>PopcornOptions.UnauthorizedFields</c> makes naming it a 403). Popcorn.Server evaluates the
/// policies a selection touches once per request, before the handler runs. See docs/authorization.md.
/// </summary>
/// <remarks>
/// ASP.NET Core's own <c>[Authorize]</c> cannot be put on a property (its usage is classes and methods), so Popcorn
/// has its own attribute, read by the source generator into <c>FieldMetadata.Policy</c>.
/// </remarks>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field | AttributeTargets.Method, Inherited = true)]
public sealed class PopcornAuthorizeAttribute : Attribute
{
    /// <summary>Requires <paramref name="policy"/> to see the member.</summary>
    /// <param name="policy">The name of an authorization policy the app registers (<c>AddAuthorization(o => o.AddPolicy(...))</c>).</param>
    public PopcornAuthorizeAttribute(string policy)
    {
        Policy = policy;
    }

    /// <summary>The authorization policy a caller must satisfy to see the member.</summary>
    public string Policy { get; }
}
