namespace Popcorn.Server;

/// <summary>
/// The <c>where</c> comparison of a field whose values are a GraphQL enum (docs/graphql-syntax.md, "Enums in filters"):
/// <c>OrderStatusComparison { eq: OrderStatus, neq: OrderStatus, in: [OrderStatus] }</c>, so a client writes
/// <c>{status: {eq: Shipped}}</c> and its code generator types the operand. An enum has no order a client can see, and
/// is no text, so neither <c>gt</c>/<c>lt</c> nor the text comparisons are offered. The quoted form these fields took
/// when they were <c>StringComparison</c> (<c>{eq: "Shipped"}</c>) is still accepted, with a deprecation warning
/// (<see cref="SchemaType.IsEnumComparison"/> tells validation where).
/// </summary>
internal static class EnumComparisons
{
    private const string Suffix = "Comparison";

    /// <summary>The comparison type of the enum <paramref name="enumeration"/>.</summary>
    public static string NameOf(string enumeration) => enumeration + Suffix;

    /// <summary>The warning for a quoted enum value in a comparison: what to write instead.</summary>
    public static string QuotedValueWarning(string value, string enumeration) =>
        $"Comparing the enum \"{enumeration}\" with a string (\"{GraphQLError.Quote(value)}\") is deprecated: write the value without quotes ({GraphQLError.Quote(value)}).";

    /// <summary>The warning for a <c>String</c> variable compared with an enum field: the type to declare instead.</summary>
    public static string StringVariableWarning(string variable, string enumeration) =>
        $"Comparing the enum \"{enumeration}\" with the String variable \"${GraphQLError.Quote(variable)}\" is deprecated: declare it as \"{enumeration}\".";

    /// <summary>The comparison type of the enum <paramref name="enumeration"/>, for the schema.</summary>
    public static SchemaType Type(string enumeration)
    {
        var operand = TypeRef.Named(enumeration);
        SchemaInputValue[] fields =
        [
            new("eq", null, operand),
            new("neq", null, operand),
            new("in", null, TypeRef.List(operand)),
        ];
        return new SchemaType(SchemaTypeKind.INPUT_OBJECT, NameOf(enumeration), $"Comparisons of a field of the enum {enumeration}; several hold together.", [], [], InputFields: fields)
        {
            IsEnumComparison = true,
        };
    }
}
