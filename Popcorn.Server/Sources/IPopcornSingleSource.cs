namespace Popcorn.Server;

/// <summary>What <see cref="RootSources"/> needs of a <see cref="PopcornSingle{T}"/> without knowing its element type.</summary>
internal interface IPopcornSingleSource
{
    /// <summary>The query cut to its first element: a sequence the projectors can take.</summary>
    object FirstOnly();

    /// <summary>The first element of <paramref name="rows"/> (<see cref="FirstOnly"/>, maybe projected and started), or null when there is none.</summary>
    ValueTask<object?> ReadFirstAsync(object rows, CancellationToken cancellationToken);
}
