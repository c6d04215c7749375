using System.Text;

namespace Popcorn.Query;

/// <summary>
/// Type : NamedType | ListType | NonNullType. A named type has <see cref="Name"/>; a list type has
/// <see cref="ItemType"/>; either may be non-null.
/// </summary>
internal sealed class TypeNode(string? name, TypeNode? itemType, bool isNonNull)
{
    public string? Name { get; } = name;

    public TypeNode? ItemType { get; } = itemType;

    public bool IsNonNull { get; } = isNonNull;

    public bool IsList => ItemType is not null;

    /// <summary>The type as written, e.g. <c>[Int!]!</c>.</summary>
    public override string ToString()
    {
        var builder = new StringBuilder();
        Append(builder, this);
        return builder.ToString();
    }

    private static void Append(StringBuilder builder, TypeNode type)
    {
        if (type.ItemType is { } item)
        {
            builder.Append('[');
            Append(builder, item);
            builder.Append(']');
        }
        else
        {
            builder.Append(type.Name);
        }

        if (type.IsNonNull)
        {
            builder.Append('!');
        }
    }
}
