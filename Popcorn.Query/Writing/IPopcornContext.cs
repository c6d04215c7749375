namespace Popcorn.Query;

/// <summary>The generated writers of one opted-in context: a writer per model type it reaches.</summary>
public interface IPopcornContext
{
    /// <summary>Every writer, one per model type.</summary>
    IReadOnlyList<PopcornTypeWriter> Writers { get; }

    /// <summary>The writer of <paramref name="type"/>, or null when the context does not model it.</summary>
    PopcornTypeWriter? GetWriter(Type type);
}
