using System.Collections.Generic;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Emit;

/// <summary>
/// Which lists promise non-null elements (FieldFlags.NonNullElements): the metadata carries the flag, and the plan
/// writers check each element of such a list where a plan requires it. docs/graphql-syntax.md ("List element types")
/// gives the rule.
/// </summary>
internal static class ListElements
{
    /// <summary>FieldFlags.NonNullElements.</summary>
    public const int NonNullFlag = 32;

    /// <summary>
    /// True for a list of strings (or another primitive of a reference type) or models whose elements the C# code
    /// declares non-null, when the element model cannot lead back to itself: a wildcard over cyclic data writes
    /// <c>null</c> where a cycle closes, a null that no check could refuse. A list of a value-type model always.
    /// </summary>
    public static bool AreNonNull(MemberSpec member, IReadOnlyDictionary<string, ModelSpec> models)
    {
        var list = member.Shape.Kind == ShapeKind.Nullable ? member.Shape.Element! : member.Shape;
        if (member.Kind != FieldKindSpec.List || list.Kind != ShapeKind.Sequence)
        {
            return false;
        }

        var element = list.Element!;
        return element.Kind switch
        {
            ShapeKind.Primitive => !element.IsValueType && list.NonNullElements,
            ShapeKind.Model => element.IsValueType || (list.NonNullElements && !models[element.Target!].InCycle),
            _ => false,
        };
    }

    /// <summary>Whether a writer must test each element of <paramref name="member"/>'s list for null (a reference type that promises none).</summary>
    public static bool NeedsCheck(MemberSpec member, IReadOnlyDictionary<string, ModelSpec> models)
    {
        var list = member.Shape.Kind == ShapeKind.Nullable ? member.Shape.Element! : member.Shape;
        return AreNonNull(member, models) && !list.Element!.IsValueType;
    }
}
