namespace Popcorn.Query;

/// <summary>A field argument, <c>name: value</c>, as the client wrote it (variables substituted).</summary>
/// <param name="Name">The argument's name.</param>
/// <param name="Value">The argument's literal value.</param>
public sealed record QueryArgument(string Name, QueryValue Value)
{
    /// <summary>Where the argument was written; not part of equality.</summary>
    public SourceLocation Location { get; init; }

    /// <inheritdoc />
    public bool Equals(QueryArgument? other) =>
        other is not null && Name == other.Name && Value.Equals(other.Value);

    /// <inheritdoc />
    public override int GetHashCode() => HashCode.Combine(Name, Value);
}
