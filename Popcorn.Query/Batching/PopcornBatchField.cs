using System.Diagnostics.CodeAnalysis;

namespace Popcorn.Query;

/// <summary>
/// How a <c>[BatchResolved]</c> field is resolved (<see cref="FieldMetadata.Batch"/>): the resolver's type, and a typed
/// call to it that the host makes with objects it holds as <see cref="object"/>. Emitted by the generator.
/// </summary>
public abstract class PopcornBatchField
{
    private protected PopcornBatchField([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] Type resolverType)
    {
        ResolverType = resolverType;
    }

    /// <summary>The resolver's type, an <see cref="IPopcornBatchResolver{TParent, TValue}"/>.</summary>
    [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)]
    public Type ResolverType { get; }

    /// <summary>Calls <paramref name="resolver"/> (an instance of <see cref="ResolverType"/>) with <paramref name="parents"/>; one value per parent, in order.</summary>
    /// <exception cref="InvalidOperationException">The resolver returned a different number of values.</exception>
    internal abstract ValueTask<object?[]> ResolveAsync(object resolver, IReadOnlyList<object> parents, CancellationToken cancellationToken);
}

/// <summary>The typed <see cref="PopcornBatchField"/> of a field of <typeparamref name="TParent"/> whose type is <typeparamref name="TValue"/>.</summary>
public sealed class PopcornBatchField<TParent, TValue> : PopcornBatchField
    where TParent : class
{
    /// <summary>Resolves the field with <paramref name="resolverType"/>, which must implement <see cref="IPopcornBatchResolver{TParent, TValue}"/>.</summary>
    public PopcornBatchField([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] Type resolverType)
        : base(resolverType)
    {
        ArgumentNullException.ThrowIfNull(resolverType);
        if (!typeof(IPopcornBatchResolver<TParent, TValue>).IsAssignableFrom(resolverType) || resolverType.IsAbstract)
        {
            throw new ArgumentException($"'{resolverType}' must be a class implementing IPopcornBatchResolver<{typeof(TParent).Name}, {typeof(TValue).Name}>.", nameof(resolverType));
        }
    }

    internal override async ValueTask<object?[]> ResolveAsync(object resolver, IReadOnlyList<object> parents, CancellationToken cancellationToken)
    {
        var typed = new TParent[parents.Count];
        for (int i = 0; i < typed.Length; i++)
        {
            typed[i] = (TParent)parents[i];
        }

        var values = await ((IPopcornBatchResolver<TParent, TValue>)resolver).ResolveAsync(typed, cancellationToken);
        if (values is null || values.Count != typed.Length)
        {
            throw new InvalidOperationException(
                $"The batch resolver '{ResolverType}' returned {values?.Count.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "null"} values for {typed.Length} objects; it must return one value per object, in their order.");
        }

        var boxed = new object?[typed.Length];
        for (int i = 0; i < boxed.Length; i++)
        {
            boxed[i] = values[i];
        }

        return boxed;
    }
}
