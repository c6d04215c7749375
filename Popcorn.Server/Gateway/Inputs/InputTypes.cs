namespace Popcorn.Server;

/// <summary>Input shapes as the schema shows them.</summary>
internal static class InputTypes
{
    /// <summary>The shape as a nullable SDL type reference (<c>[LineInput!]</c>, <c>PlaceOrderInput</c>).</summary>
    public static string Print(InputShape shape) => shape switch
    {
        ListInput list => $"[{Print(list.Item)}{(list.ItemNullable ? string.Empty : "!")}]",
        _ => shape.NamedType,
    };

    /// <summary>A member's type in the schema: non-null when it must be given and cannot be null.</summary>
    public static TypeRef TypeOf(InputMember member)
    {
        var type = TypeRef.Parse(Print(member.Shape));
        return member.NonNullInSchema ? TypeRef.NonNull(type) : type;
    }
}
