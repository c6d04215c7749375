namespace Popcorn.Query;

/// <summary>
/// A writer met a null element in a list whose plan refuses them (<see cref="PlannedField.ElementsRequired"/>): the
/// app's data holds a null where its own C# types, and so the GraphQL schema built from them, say there is none.
/// Thrown instead of writing the null, so the host can withhold the response, as the GraphQL specification asks when a
/// null reaches a non-null position, rather than send bytes its schema does not allow. A fault of the app's data, not
/// of the request.
/// </summary>
public sealed class PopcornNullElementException : Exception
{
    /// <summary>Creates the exception for a null element of <paramref name="field"/>.</summary>
    public PopcornNullElementException(FieldMetadata field)
        : base($"A list element of '{field?.DeclaringType.Name}.{field?.WireName}' is null, which its non-null element type does not allow.")
    {
        ArgumentNullException.ThrowIfNull(field);
        Field = field;
    }

    /// <summary>The list that held the null element.</summary>
    public FieldMetadata Field { get; }
}
