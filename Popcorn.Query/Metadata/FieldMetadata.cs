using System.Text.Json;

namespace Popcorn.Query;

/// <summary>
/// What Popcorn knows about one field of a model type. Emitted by the generator; the single source
/// of truth for plan compilation, schemas and the playground.
/// </summary>
public sealed class FieldMetadata
{
    private readonly string? _subPropertyDefaultText;
    private SelectionTree? _subPropertyDefault;

    /// <summary>Describes a field.</summary>
    /// <param name="wireName">The JSON key (after <c>[JsonPropertyName]</c> and the naming policy).</param>
    /// <param name="kind">The shape of the value.</param>
    /// <param name="typeName">The field's type as shown to people, e.g. <c>List&lt;Car&gt;</c>.</param>
    /// <param name="flags">Its Popcorn attributes.</param>
    /// <param name="elementType">The model type of the value (Object), of the elements (List) or of the values (Map); null when those are scalars.</param>
    /// <param name="subPropertyDefault">The include text of <c>[SubPropertyDefault]</c>, used when the field is named without children.</param>
    /// <param name="description">The XML doc summary of the member.</param>
    /// <param name="isNullable">Whether the value may be null.</param>
    /// <param name="memberName">The C# property or field behind the field, for consumers that build expressions over the model (projection pushdown); null when unknown.</param>
    /// <param name="policy">The authorization policy a caller must satisfy to see the field (<c>[PopcornAuthorize]</c>); null when anyone may.</param>
    /// <param name="deprecationReason">Why the field is deprecated (the member's <c>[Obsolete]</c> message); null when it is not.</param>
    /// <param name="valueType">The member's CLR type, for <c>[Sortable]</c>/<c>[Filterable]</c> fields: argument values are converted to it when a plan is compiled.</param>
    /// <param name="getter">Reads the member from an instance of the declaring type, for <c>[Sortable]</c>/<c>[Filterable]</c> fields: lists in memory are filtered and sorted through it, without reflection.</param>
    public FieldMetadata(
        string wireName,
        FieldKind kind,
        string typeName,
        FieldFlags flags = FieldFlags.None,
        TypeMetadata? elementType = null,
        string? subPropertyDefault = null,
        string? description = null,
        bool isNullable = false,
        string? memberName = null,
        string? policy = null,
        string? deprecationReason = null,
        Type? valueType = null,
        Func<object, object?>? getter = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(wireName);
        ArgumentException.ThrowIfNullOrEmpty(typeName);
        if (kind == FieldKind.Object && elementType is null)
        {
            throw new ArgumentException($"Field '{wireName}' is an object field and needs its element type.", nameof(elementType));
        }

        WireName = wireName;
        EncodedName = JsonEncodedText.Encode(wireName);
        Kind = kind;
        TypeName = typeName;
        Flags = flags;
        ElementType = elementType;
        _subPropertyDefaultText = subPropertyDefault;
        Description = description;
        IsNullable = isNullable;
        MemberName = memberName;
        if (policy is not null)
        {
            ArgumentException.ThrowIfNullOrWhiteSpace(policy);
        }

        Policy = policy;
        DeprecationReason = deprecationReason;
        if ((flags & (FieldFlags.Sortable | FieldFlags.Filterable)) != 0 && (valueType is null || getter is null))
        {
            throw new ArgumentException($"Field '{wireName}' is sortable or filterable and needs its value type and getter.", nameof(getter));
        }

        ValueType = valueType;
        GetValue = getter;
    }

    /// <summary>
    /// For a <c>[BatchResolved]</c> member: the resolver that computes it for a level of objects at once. Null for
    /// every other field. A query source never reads such a field; the host resolves it before writing.
    /// </summary>
    public PopcornBatchField? Batch { get; init; }

    /// <summary>
    /// Writes this field's value of an object of the declaring type (the object, not the value) at the writer's current
    /// position, exactly as the model's writer writes it: its converter, an enum's names. The generator emits it for
    /// <c>[Sortable]</c> scalars, so a group's <c>key</c> (<see cref="AggregateGroups"/>) writes an enum or a converted
    /// value as the model does. Null elsewhere; the key then writes the plain values it knows (numbers, text, dates).
    /// </summary>
    public Action<System.Text.Json.Utf8JsonWriter, object>? WriteValue { get; init; }

    /// <summary>
    /// Whether the list has an aggregate sibling (<c>ordersAggregate</c>): a list of models read through its getter. A
    /// <c>[BatchResolved]</c> list has none: the getter reads the property, not what the resolver gives.
    /// </summary>
    internal bool IsAggregatable => AcceptsCollectionArguments && GetValue is not null && Batch is null;

    /// <summary>The JSON key System.Text.Json writes for this field.</summary>
    public string WireName { get; }

    /// <summary>The key, pre-encoded once for the writers.</summary>
    public JsonEncodedText EncodedName { get; }

    /// <summary>Position in <see cref="TypeMetadata.Fields"/> (declaration order); the writer's switch label.</summary>
    public int Index { get; internal set; } = -1;

    /// <summary>The type that declares this field.</summary>
    public TypeMetadata DeclaringType { get; internal set; } = null!;

    /// <summary>The shape of the value.</summary>
    public FieldKind Kind { get; }

    /// <summary>The field's type as shown to people.</summary>
    public string TypeName { get; }

    /// <summary>Its Popcorn attributes.</summary>
    public FieldFlags Flags { get; }

    /// <summary>The model type a selection's children apply to; null when the field takes no children.</summary>
    public TypeMetadata? ElementType { get; }

    /// <summary>The XML doc summary of the member.</summary>
    public string? Description { get; }

    /// <summary>
    /// Why the field is deprecated (from <c>[Obsolete]</c> on the member), shown by introspection and the SDL; null
    /// when it is not. A deprecated field is still selectable: deprecation is advice to clients, not a refusal.
    /// </summary>
    public string? DeprecationReason { get; }

    /// <summary>Whether the value may be null.</summary>
    public bool IsNullable { get; }

    /// <summary>
    /// The C# property or field behind the field (e.g. <c>FirstName</c> for <c>firstName</c>), so a consumer can
    /// build expressions over the model type; null when the metadata was written by hand without it.
    /// </summary>
    public string? MemberName { get; }

    /// <summary>
    /// The ASP.NET Core authorization policy a caller must satisfy to see this field (<c>[PopcornAuthorize]</c>); null
    /// when anyone may. A caller refused it sees the field as if it were <c>[Never]</c>.
    /// </summary>
    public string? Policy { get; }

    /// <summary>The member's CLR type; set for <c>[Sortable]</c>/<c>[Filterable]</c> fields, null otherwise.</summary>
    public Type? ValueType { get; }

    /// <summary>Reads the member from an instance of the declaring type; set for <c>[Sortable]</c>/<c>[Filterable]</c> fields, null otherwise.</summary>
    public Func<object, object?>? GetValue { get; }

    /// <summary><c>[Sortable]</c>: lists of the declaring type may be ordered by it.</summary>
    public bool IsSortable => (Flags & FieldFlags.Sortable) != 0;

    /// <summary><c>[Filterable]</c>: lists of the declaring type may be filtered by it.</summary>
    public bool IsFilterable => (Flags & FieldFlags.Filterable) != 0;

    /// <summary>True when a selection may give this field <c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c>: a list of model objects.</summary>
    public bool AcceptsCollectionArguments => Kind == FieldKind.List && ElementType is not null;

    /// <summary><c>[Default]</c> or <c>[Always]</c>.</summary>
    public bool IsDefault => (Flags & (FieldFlags.Default | FieldFlags.Always)) != 0;

    /// <summary><c>[Always]</c>.</summary>
    public bool IsAlways => (Flags & FieldFlags.Always) != 0;

    /// <summary><c>[Never]</c>: not selectable, not described to clients.</summary>
    public bool IsNever => (Flags & FieldFlags.Never) != 0;

    /// <summary>True when a selection may give this field children.</summary>
    public bool AcceptsChildren => ElementType is not null;

    /// <summary>The include text of <c>[SubPropertyDefault]</c>, if any.</summary>
    public string? SubPropertyDefaultText => _subPropertyDefaultText;

    /// <summary>
    /// The parsed <c>[SubPropertyDefault]</c> selection; replaces the child type's defaults when the
    /// field is named without children. Parsed once, on first use.
    /// </summary>
    /// <exception cref="InvalidOperationException">The attribute's text is not a valid include selection.</exception>
    public SelectionTree? SubPropertyDefault
    {
        get
        {
            if (_subPropertyDefaultText is null)
            {
                return null;
            }

            if (_subPropertyDefault is null)
            {
                try
                {
                    _subPropertyDefault = SelectionParser.ParseInclude(_subPropertyDefaultText);
                }
                catch (PopcornQueryException e)
                {
                    throw new InvalidOperationException(
                        $"[SubPropertyDefault(\"{_subPropertyDefaultText}\")] on {DeclaringType?.Name}.{WireName} is not a valid include selection: {e.Message}", e);
                }
            }

            return _subPropertyDefault;
        }
    }

    /// <inheritdoc />
    public override string ToString() => $"{DeclaringType?.Name}.{WireName}: {TypeName}";
}
