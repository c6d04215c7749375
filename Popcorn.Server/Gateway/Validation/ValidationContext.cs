using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// What every validation rule reads (the schema, the document, its fragments by name) and where they report: errors in
/// the spec's wording with the location of the offending token, capped at <see cref="GatewayOperationPlanner.MaxErrors"/>.
/// </summary>
internal sealed class ValidationContext
{
    private const string ValidationFailed = "GRAPHQL_VALIDATION_FAILED";

    private const string Deprecated = "DEPRECATED";

    private readonly List<GraphQLError> _errors = [];
    private readonly Dictionary<string, FragmentDefinitionNode> _fragments = new(StringComparer.Ordinal);

    public ValidationContext(SchemaModel schema, string text, DocumentNode document)
    {
        Schema = schema;
        Text = text;
        Document = document;
        foreach (var fragment in document.Fragments)
        {
            // A repeated name is UniqueFragmentNames' error; the other rules see the first definition.
            _fragments.TryAdd(fragment.Name, fragment);
        }
    }

    public SchemaModel Schema { get; }

    public string Text { get; }

    public DocumentNode Document { get; }

    /// <summary>
    /// What the document may do today but should not (a quoted enum value in a comparison, <see cref="EnumComparisons"/>):
    /// answered under <c>extensions.warnings</c> when the document is otherwise valid, never refusing it.
    /// </summary>
    public List<GraphQLError> Warnings { get; } = [];

    /// <summary>The errors so far, at most the cap (plus the note that validation stopped).</summary>
    public IReadOnlyList<GraphQLError> Errors => _errors;

    /// <summary>True once the cap is reached: rules stop walking, a client fixes the first mistakes and sends again.</summary>
    public bool IsFull => _errors.Count >= GatewayOperationPlanner.MaxErrors;

    public FragmentDefinitionNode? Fragment(string name) => _fragments.GetValueOrDefault(name);

    /// <summary>Reports <paramref name="message"/> at <paramref name="offset"/>, and at <paramref name="moreOffsets"/> after it.</summary>
    public void Report(string message, int offset, params ReadOnlySpan<int> moreOffsets) => Report(message, null, offset, moreOffsets);

    /// <summary>Reports a field the type does not have, with its details under <c>extensions</c>, counted as an unknown field.</summary>
    public void ReportUnknownField(string message, UnknownFieldDetails details, int offset) => Report(message, details, offset, []);

    private void Report(string message, UnknownFieldDetails? unknownField, int offset, ReadOnlySpan<int> moreOffsets)
    {
        if (IsFull)
        {
            return;
        }

        SourceLocation[]? more = null;
        if (!moreOffsets.IsEmpty)
        {
            more = new SourceLocation[moreOffsets.Length];
            for (int i = 0; i < more.Length; i++)
            {
                more[i] = At(moreOffsets[i]);
            }
        }

        var kind = unknownField is null ? QueryErrorKind.InvalidSelection : QueryErrorKind.UnknownField;
        _errors.Add(new GraphQLError(message, At(offset), null, ValidationFailed, Kind: kind, MoreLocations: more, UnknownField: unknownField));
        if (IsFull)
        {
            _errors.Add(new GraphQLError($"Too many errors: validation stopped after {GatewayOperationPlanner.MaxErrors}. Fix these and send the document again.", Code: "TOO_MANY_ERRORS"));
        }
    }

    /// <summary>Records a deprecation warning at <paramref name="offset"/>, once per message and place (fragments are walked once per spread).</summary>
    public void Warn(string message, int offset)
    {
        var warning = new GraphQLError(message, At(offset), null, Deprecated);
        if (Warnings.Count < GatewayOperationPlanner.MaxErrors && !Warnings.Contains(warning))
        {
            Warnings.Add(warning);
        }
    }

    public SourceLocation At(int offset) => SourceLocation.At(Text, offset);

    /// <summary>The schema's type for a type written in the document (<c>[Int!]</c>), or null when its name is unknown.</summary>
    public TypeRef? TypeOf(TypeNode node)
    {
        if (node.ItemType is { } item)
        {
            return TypeOf(item) is { } itemType ? Wrap(TypeRef.List(itemType), node.IsNonNull) : null;
        }

        return Schema.Find(node.Name!) is null ? null : Wrap(TypeRef.Named(node.Name!), node.IsNonNull);
    }

    public SchemaType? NamedType(TypeRef type) => Schema.Find(type.NamedType);

    public static bool IsComposite(SchemaType type) => type.Kind is SchemaTypeKind.OBJECT or SchemaTypeKind.INTERFACE or SchemaTypeKind.UNION;

    public static bool IsLeaf(SchemaType type) => type.Kind is SchemaTypeKind.SCALAR or SchemaTypeKind.ENUM;

    public static bool IsInput(SchemaType type) => type.Kind is SchemaTypeKind.SCALAR or SchemaTypeKind.ENUM or SchemaTypeKind.INPUT_OBJECT;

    /// <summary>graphql-js's <c>didYouMean</c>: <c> Did you mean "a", "b", or "c"?</c> for the names closest to <paramref name="name"/>.</summary>
    public static string DidYouMean(string name, IEnumerable<string> candidates) => DidYouMean(NameSuggestions.Closest(name, candidates));

    /// <summary>graphql-js's <c>didYouMean</c> over names already chosen.</summary>
    public static string DidYouMean(IReadOnlyList<string> suggestions)
    {
        var quoted = suggestions.Select(s => $"\"{s}\"").ToArray();
        return quoted.Length switch
        {
            0 => string.Empty,
            1 => $" Did you mean {quoted[0]}?",
            2 => $" Did you mean {quoted[0]} or {quoted[1]}?",
            _ => $" Did you mean {string.Join(", ", quoted[..^1])}, or {quoted[^1]}?",
        };
    }

    /// <summary>A client-written name as a message quotes it (bounded: a name can be as long as the document).</summary>
    public static string Quote(string name) => GraphQLError.Quote(name);

    private static TypeRef Wrap(TypeRef type, bool nonNull) => nonNull ? TypeRef.NonNull(type) : type;
}
