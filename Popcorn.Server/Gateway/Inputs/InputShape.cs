using System.Text.Json.Serialization.Metadata;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// What a GraphQL input value of one C# type is: a built-in scalar, an enum (by the names the app's JSON options write),
/// a list of another shape, or an input object. Read once from the app's <see cref="JsonTypeInfo"/> metadata (no
/// reflection over members), it gives the schema its input types and the coercion its rules.
/// </summary>
internal abstract record InputShape
{
    /// <summary>The named GraphQL type under any list (<c>Int</c>, <c>OrderStatus</c>, <c>PlaceOrderInput</c>).</summary>
    public abstract string NamedType { get; }
}

/// <summary>A scalar: a built-in one (<c>Int</c>, <c>Float</c>, <c>String</c>, <c>Boolean</c>, <c>ID</c>) or a date scalar (<see cref="DateScalars"/>).</summary>
internal sealed record ScalarInput(string Name) : InputShape
{
    public override string NamedType => Name;
}

/// <summary>An enum the app's JSON options write as strings: a GraphQL enum whose values are the written names.</summary>
internal sealed record EnumInput(string Name, IReadOnlyList<string> Values) : InputShape
{
    public override string NamedType => Name;
}

/// <summary>A list; <see cref="ItemNullable"/> when its elements may be null (<c>int?</c> elements).</summary>
internal sealed record ListInput(InputShape Item, bool ItemNullable) : InputShape
{
    public override string NamedType => Item.NamedType;
}

/// <summary>
/// An input object: the C# type, read back by its <see cref="JsonTypeInfo"/>, and its settable members. Compared by
/// reference, since an input can nest itself.
/// </summary>
internal sealed record ObjectInput(string Name, JsonTypeInfo TypeInfo) : InputShape
{
    public override string NamedType => Name;

    /// <summary>The members a client may set, in declaration order (filled after construction: inputs can nest themselves).</summary>
    public List<InputMember> Members { get; } = [];

    public InputMember? Find(string name) => Members.Find(m => m.Name == name);

    public bool Equals(ObjectInput? other) => ReferenceEquals(this, other);

    public override int GetHashCode() => System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(this);

    public override string ToString() => Name;
}

/// <summary>
/// One settable member of an input object, by its JSON name. <see cref="Nullable"/> when C# lets it be null;
/// <see cref="Required"/> when it must be given (C# <c>required</c>, <c>[JsonRequired]</c>, or a constructor
/// parameter without a default); <see cref="Model"/> is Popcorn's metadata for it when the input type is also a model
/// (its description and <c>[PopcornAuthorize]</c> policy).
/// </summary>
internal sealed record InputMember(string Name, InputShape Shape, bool Nullable, bool Required, FieldMetadata? Model)
{
    /// <summary>
    /// The member's type in the schema. A non-nullable member that may be left out keeps its C# default, so GraphQL
    /// sees it as nullable (omitting it or sending null both keep the default); everything else is as C# says.
    /// </summary>
    public bool NonNullInSchema => !Nullable && Required;
}
