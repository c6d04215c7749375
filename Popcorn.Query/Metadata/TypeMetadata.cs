using System.Collections.Frozen;

namespace Popcorn.Query;

/// <summary>
/// What Popcorn knows about one model type: its fields in declaration (write) order. Created empty
/// and initialized once, so that types that refer to each other (or to themselves) can be described.
/// </summary>
public sealed partial class TypeMetadata
{
    private FieldMetadata[] _fields = Array.Empty<FieldMetadata>();
    private FrozenDictionary<string, FieldMetadata> _selectable = FrozenDictionary<string, FieldMetadata>.Empty;
    private bool _initialized;

    /// <summary>Creates a type description; call <see cref="Initialize"/> once with its fields.</summary>
    /// <param name="name">The type's name as shown to people and in errors, e.g. <c>Employee</c>.</param>
    /// <param name="clrType">The .NET type, when known.</param>
    /// <param name="description">The XML doc summary of the type.</param>
    public TypeMetadata(string name, Type? clrType = null, string? description = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        Name = name;
        ClrType = clrType;
        Description = description;
    }

    /// <summary>The type's name as shown to people.</summary>
    public string Name { get; }

    /// <summary>The .NET type, when known.</summary>
    public Type? ClrType { get; }

    /// <summary>The XML doc summary of the type.</summary>
    public string? Description { get; }

    /// <summary>Every field, <c>[Never]</c> ones included, in the order System.Text.Json writes them.</summary>
    public IReadOnlyList<FieldMetadata> Fields => _fields;

    /// <summary>The fields a client can see and select (all but <c>[Never]</c>), in write order.</summary>
    public IReadOnlyList<FieldMetadata> SelectableFields { get; private set; } = Array.Empty<FieldMetadata>();

    /// <summary>The fields written when the client does not choose: <c>[Default]</c> and <c>[Always]</c> ones, or all selectable fields when none is marked.</summary>
    public IReadOnlyList<FieldMetadata> DefaultFields { get; private set; } = Array.Empty<FieldMetadata>();

    /// <summary>Sets the fields, in write order. May be called once.</summary>
    /// <exception cref="InvalidOperationException">Already initialized, or two fields share a wire name.</exception>
    public void Initialize(IReadOnlyList<FieldMetadata> fields)
    {
        ArgumentNullException.ThrowIfNull(fields);
        if (_initialized)
        {
            throw new InvalidOperationException($"The metadata of '{Name}' is already initialized.");
        }

        var array = fields.ToArray();
        var selectable = new Dictionary<string, FieldMetadata>(StringComparer.Ordinal);
        for (int i = 0; i < array.Length; i++)
        {
            var field = array[i];
            if (field.Index >= 0)
            {
                throw new InvalidOperationException($"Field '{field.WireName}' already belongs to '{field.DeclaringType.Name}'.");
            }

            field.Index = i;
            field.DeclaringType = this;
            if (!field.IsNever && !selectable.TryAdd(field.WireName, field))
            {
                throw new InvalidOperationException($"Type '{Name}' has two fields named '{field.WireName}'.");
            }
        }

        _fields = array;
        _selectable = selectable.ToFrozenDictionary(StringComparer.Ordinal);
        SelectableFields = array.Where(f => !f.IsNever).ToArray();
        var marked = SelectableFields.Where(f => f.IsDefault).ToArray();
        DefaultFields = marked.Length > 0 ? marked : SelectableFields;
        _initialized = true;
    }

    /// <summary>
    /// Every authorization policy (<c>[PopcornAuthorize]</c>) a selection over this type could touch: its own selectable
    /// fields' and those of every type they lead to, in ordinal order. Empty for most types, which is what lets a
    /// request that reaches no protected field skip authorization entirely. Computed on first use.
    /// </summary>
    public IReadOnlyList<string> ReachablePolicies => _reachablePolicies ??= CollectReachablePolicies();

    private string[]? _reachablePolicies;

    private string[] CollectReachablePolicies()
    {
        var policies = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var type in ReachableTypes())
        {
            foreach (var field in type.SelectableFields)
            {
                if (field.Policy is { } policy)
                {
                    policies.Add(policy);
                }
            }
        }

        return policies.Count == 0 ? Array.Empty<string>() : policies.ToArray();
    }

    /// <summary>
    /// Whether a list of <see cref="FieldFlags.NonNullElements"/> is selectable here or on any type reachable from here:
    /// a GraphQL plan then keeps off the writers' straight-line path, which writes elements without checking for null.
    /// </summary>
    internal bool ReachesNonNullElements => _reachesNonNullElements ??= ReachableTypes().Any(
        static type => type.SelectableFields.Any(static selectable => (selectable.Flags & FieldFlags.NonNullElements) != 0));

    private bool? _reachesNonNullElements;

    /// <summary>This type and every type a selection over it can write: through fields, and to the derived types of each.</summary>
    private IEnumerable<TypeMetadata> ReachableTypes()
    {
        var seen = new HashSet<TypeMetadata>(ReferenceEqualityComparer.Instance);
        var pending = new Stack<TypeMetadata>();
        pending.Push(this);
        while (pending.TryPop(out var type))
        {
            if (!seen.Add(type))
            {
                continue;
            }

            yield return type;
            foreach (var field in type.SelectableFields)
            {
                if (field.ElementType is { } element)
                {
                    pending.Push(element);
                }
            }

            // A value selected as a polymorphic base may be any of its derived types.
            foreach (var derived in type.Polymorphism?.DerivedTypes ?? [])
            {
                pending.Push(derived.Type);
            }
        }
    }

    /// <summary>Finds a selectable field by wire name; <c>[Never]</c> fields are not found.</summary>
    public FieldMetadata? FindField(string wireName) =>
        _selectable.TryGetValue(wireName, out var field) ? field : null;

    /// <inheritdoc />
    public override string ToString() => Name;
}
