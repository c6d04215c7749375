namespace Popcorn.Generator.Model;

/// <summary>A model type: its metadata and what its writer needs.</summary>
/// <param name="TypeName">The type in code, <c>global::</c>-qualified.</param>
/// <param name="TypeOfName">The type as <c>typeof</c> accepts it (no nullable annotations).</param>
/// <param name="MetadataName">The name clients see, e.g. <c>Employee</c>.</param>
/// <param name="Identifier">A C# identifier unique in the context, used for the writer and metadata members.</param>
/// <param name="Description">The XML doc summary of the type.</param>
/// <param name="IsValueType">True for structs.</param>
/// <param name="IsPublic">True when the type is visible outside its assembly, so its writer may be public.</param>
/// <param name="InCycle">True when the type graph leads from this type back to itself: the writer tracks objects on the path and checks depth.</param>
/// <param name="ReachesCycle">True when this type reaches a type in a cycle: its public entry point restores the path after a failed write.</param>
/// <param name="Members">The written members in System.Text.Json's order, <c>[Never]</c> ones included.</param>
/// <param name="Polymorphism">How the type's values are written when it is a polymorphic base, else null.</param>
/// <param name="IsDerivedType">True when a polymorphic base names the type: its writer accepts a discriminator to write first.</param>
internal sealed record ModelSpec(
    string TypeName,
    string TypeOfName,
    string MetadataName,
    string Identifier,
    string? Description,
    bool IsValueType,
    bool IsPublic,
    bool InCycle,
    bool ReachesCycle,
    EquatableArray<MemberSpec> Members,
    PolymorphismSpec? Polymorphism = null,
    bool IsDerivedType = false)
{
    public string WriterName => Identifier + "Writer";
}
