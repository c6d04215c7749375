using System.Text.Json;

namespace Popcorn.Query;

/// <summary>
/// Turns a parsed document into the tree: checks the rules that need the whole document (GraphQL's
/// validation rules that hold without a schema), picks the operation, binds its variables, and
/// expands its selection set — fragments in place, <c>@include</c>/<c>@skip</c> applied, variables
/// substituted — counting the field and alias limits on the expanded result as it grows.
/// </summary>
/// <remarks>
/// Type conditions (<c>on Employee</c>) are kept, not checked: there is no type information at parse time. A fragment
/// without one, or on the type its enclosing fragment is already on, is merged in place; any other stays in the tree
/// as a type-conditioned node (<see cref="PropertyReference.TypeConditioned"/>), which the plan compiler settles
/// against the type it compiles for (merged, applied to a derived type's values only, or refused; docs/graphql-syntax.md,
/// "Fragments").
/// </remarks>
internal sealed partial class GraphQLNormalizer
{
    private readonly string _text;
    private readonly SelectionParserOptions _options;
    private readonly DocumentNode _document;
    private readonly Dictionary<string, FragmentDefinitionNode> _fragments = new(StringComparer.Ordinal);
    private readonly Dictionary<FragmentDefinitionNode, ExpandedSelections> _expandedFragments = new(ReferenceEqualityComparer.Instance);
    private readonly Dictionary<string, VariableBinding> _variables = new(StringComparer.Ordinal);
    private readonly bool _markEmptySelections;

    private GraphQLNormalizer(string text, DocumentNode document, SelectionParserOptions options, bool markEmptySelections)
    {
        _text = text;
        _document = document;
        _options = options;
        _markEmptySelections = markEmptySelections;
    }

    /// <summary>
    /// Validates <paramref name="document"/> and builds the tree of the operation to run. With
    /// <paramref name="markEmptySelections"/> (the gateway under GraphQL's rules) a field whose selection set
    /// <c>@include</c>/<c>@skip</c> emptied gets <see cref="PropertyReference.EmptySelection"/> as its only child, so it
    /// is written as <c>{}</c>; without, it has no children and means its defaults (Popcorn's rule, REST). Only queries
    /// are accepted unless <paramref name="allowMutations"/> (the gateway, which runs mutation fields); subscriptions never.
    /// </summary>
    /// <exception cref="PopcornQueryException">The document breaks a rule, a variable is missing or invalid, or a limit is exceeded.</exception>
    public static SelectionTree Normalize(
        string text,
        DocumentNode document,
        SelectionParserOptions options,
        JsonElement variables,
        string? operationName,
        bool markEmptySelections = false,
        bool allowMutations = false)
    {
        var normalizer = new GraphQLNormalizer(text, document, options, markEmptySelections);
        normalizer.CheckOperations(allowMutations);
        normalizer.CheckFragments();
        normalizer.CheckDefinitionDirectives();
        normalizer.CheckSelections();
        var operation = normalizer.SelectOperation(operationName);
        normalizer.BindVariables(operation, variables);
        var root = normalizer.ExpandSelectionSet(operation.SelectionSet, depth: 1);
        return new SelectionTree(root.Items, text, SelectionSyntax.GraphQL);
    }

    private PopcornQueryException Error(QueryErrorKind kind, string detail, int offset) =>
        PopcornQueryException.At(kind, detail, _text, offset);

    private PopcornQueryException Syntax(string detail, int offset) => Error(QueryErrorKind.Syntax, detail, offset);

    private PopcornQueryException Invalid(string detail, int offset) => Error(QueryErrorKind.InvalidSelection, detail, offset);

    private PopcornQueryException InvalidVariable(string detail, int offset) => Error(QueryErrorKind.InvalidVariable, detail, offset);

    private PopcornQueryException Limit(string detail, int offset) => Error(QueryErrorKind.LimitExceeded, detail, offset);

    private static string Quote(string text) => GraphQLReader.Truncate(text);
}
