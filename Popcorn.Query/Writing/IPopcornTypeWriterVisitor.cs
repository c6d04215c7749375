namespace Popcorn.Query;

/// <summary>
/// Lets a host reach a writer's model type as a generic argument without reflection (so it works
/// under Native AOT): <see cref="PopcornTypeWriter.Accept{TResult}"/> calls back <see cref="Visit{T}"/>.
/// </summary>
/// <typeparam name="TResult">What the visitor produces.</typeparam>
public interface IPopcornTypeWriterVisitor<out TResult>
{
    /// <summary>Called with the writer, typed.</summary>
    TResult Visit<T>(PopcornTypeWriter<T> writer);
}
