using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The spec's Field Selection Merging (5.3.2), with graphql-js's algorithm and wording: two selections under one
/// response key in a selection set (its inline fragments included, its fragment spreads compared with it and with each
/// other) must be the same field with the same arguments and compatible types, and their own selections must merge the
/// same way. The schema has object types only, so every selection of a set applies to one type and no two can be
/// mutually exclusive.
/// </summary>
/// <remarks>
/// Expanding fragments can grow a document exponentially (a fragment that spreads another twice, and so on); the rule
/// stops after <see cref="Budget"/> collected fields. The planner still refuses a key claimed by two different fields
/// in the operation it runs, so a document past the budget never gets data for a conflict either.
/// </remarks>
internal sealed class FieldMergingRules(ValidationContext context)
{
    private const int Budget = 20_000;

    private readonly HashSet<(string, string)> _comparedFragmentPairs = [];
    private int _collected;

    public void Check()
    {
        foreach (var operation in context.Document.Operations)
        {
            if ((operation.Type == GraphQLOperationType.Mutation ? context.Schema.MutationType : context.Schema.QueryType) is { } root)
            {
                CheckSetAndBelow(operation.SelectionSet, root);
            }
        }

        foreach (var fragment in context.Document.Fragments)
        {
            if (context.Schema.Find(fragment.TypeCondition) is { } type && ValidationContext.IsComposite(type))
            {
                CheckSetAndBelow(fragment.SelectionSet, type);
            }
        }
    }

    /// <summary>Checks a selection set, then every selection set written inside it, each with its own type.</summary>
    private void CheckSetAndBelow(SelectionSetNode set, SchemaType type)
    {
        if (_collected > Budget || context.IsFull)
        {
            return;
        }

        var conflicts = new List<(string Key, Conflict Conflict)>();
        var (fields, fragments) = Collect(set, type);
        CollectWithin(fields, conflicts);
        for (int i = 0; i < fragments.Count; i++)
        {
            CollectBetweenFieldsAndFragment(fields, fragments[i], conflicts);
            for (int j = i + 1; j < fragments.Count; j++)
            {
                CollectBetweenFragments(fragments[i], fragments[j], conflicts);
            }
        }

        foreach (var (key, conflict) in conflicts)
        {
            context.Report($"Fields \"{ValidationContext.Quote(key)}\" conflict because {conflict.Reason}. Use different aliases on the fields to fetch both if this was intentional.",
                conflict.Offsets[0], conflict.Offsets.AsSpan(1));
        }

        foreach (var selection in set.Selections)
        {
            switch (selection)
            {
                case FieldNode { SelectionSet: { } below } field when FieldDefinitions.Find(context.Schema, type, field.Name) is { } definition
                    && context.NamedType(definition.Type) is { } fieldType && ValidationContext.IsComposite(fieldType):
                    CheckSetAndBelow(below, fieldType);
                    break;
                case InlineFragmentNode inline when TypeOf(inline, type) is { } inlineType:
                    CheckSetAndBelow(inline.SelectionSet, inlineType);
                    break;
            }
        }
    }

    /// <summary>
    /// A set's fields by response key (inline fragments expanded into it, as graphql-js does) and the names of the
    /// fragments it spreads, each once; fragments are compared with the fields, and with each other, not expanded.
    /// </summary>
    private (Dictionary<string, List<CollectedField>> Fields, List<string> Fragments) Collect(SelectionSetNode set, SchemaType type)
    {
        var fields = new Dictionary<string, List<CollectedField>>(StringComparer.Ordinal);
        var fragments = new List<string>();
        Collect(set, type, fields, fragments);
        return (fields, fragments);
    }

    private void Collect(SelectionSetNode set, SchemaType type, Dictionary<string, List<CollectedField>> fields, List<string> fragments)
    {
        foreach (var selection in set.Selections)
        {
            if (++_collected > Budget)
            {
                return;
            }

            switch (selection)
            {
                case FieldNode field when !FieldDefinitions.IsWildcard(field.Name):
                    string key = field.Alias ?? field.Name;
                    if (!fields.TryGetValue(key, out var sameKey))
                    {
                        fields[key] = sameKey = [];
                    }

                    sameKey.Add(new CollectedField(field, FieldDefinitions.Find(context.Schema, type, field.Name), type));
                    break;
                case InlineFragmentNode inline when TypeOf(inline, type) is { } inlineType:
                    Collect(inline.SelectionSet, inlineType, fields, fragments);
                    break;
                case FragmentSpreadNode spread when !fragments.Contains(spread.Name):
                    fragments.Add(spread.Name);
                    break;
            }
        }
    }

    /// <summary>The fields and spreads of a fragment definition, or null when it is undefined or on a type without fields.</summary>
    private (Dictionary<string, List<CollectedField>> Fields, List<string> Fragments)? CollectFragment(string name) =>
        context.Fragment(name) is { } fragment && context.Schema.Find(fragment.TypeCondition) is { } type && ValidationContext.IsComposite(type)
            ? Collect(fragment.SelectionSet, type)
            : null;

    private SchemaType? TypeOf(InlineFragmentNode inline, SchemaType parent)
    {
        var type = inline.TypeCondition is null ? parent : context.Schema.Find(inline.TypeCondition);
        return type is not null && ValidationContext.IsComposite(type) ? type : null;
    }

    /// <summary>Every pair of selections under one key within one set.</summary>
    private void CollectWithin(Dictionary<string, List<CollectedField>> fields, List<(string, Conflict)> conflicts)
    {
        foreach (var (key, sameKey) in fields)
        {
            for (int i = 0; i < sameKey.Count; i++)
            {
                for (int j = i + 1; j < sameKey.Count; j++)
                {
                    if (FindConflict(sameKey[i], sameKey[j]) is { } conflict)
                    {
                        conflicts.Add((key, conflict));
                    }
                }
            }
        }
    }

    /// <summary>Every selection of one map against those of another under the same key.</summary>
    private void CollectBetween(Dictionary<string, List<CollectedField>> first, Dictionary<string, List<CollectedField>> second, List<(string, Conflict)> conflicts)
    {
        foreach (var (key, fromFirst) in first)
        {
            if (!second.TryGetValue(key, out var fromSecond))
            {
                continue;
            }

            foreach (var x in fromFirst)
            {
                foreach (var y in fromSecond)
                {
                    if (FindConflict(x, y) is { } conflict)
                    {
                        conflicts.Add((key, conflict));
                    }
                }
            }
        }
    }

    /// <summary>graphql-js's collectConflictsBetweenFieldsAndFragment: the fields against the fragment's, and the fragments it spreads.</summary>
    private void CollectBetweenFieldsAndFragment(Dictionary<string, List<CollectedField>> fields, string fragmentName, List<(string, Conflict)> conflicts)
    {
        if (_collected > Budget || CollectFragment(fragmentName) is not { } fragment)
        {
            return;
        }

        CollectBetween(fields, fragment.Fields, conflicts);
        foreach (string referenced in fragment.Fragments)
        {
            if (_comparedFragmentPairs.Add(PairKey(referenced, fragmentName)))
            {
                CollectBetweenFieldsAndFragment(fields, referenced, conflicts);
            }
        }
    }

    /// <summary>graphql-js's collectConflictsBetweenFragments: each pair once per document.</summary>
    private void CollectBetweenFragments(string first, string second, List<(string, Conflict)> conflicts)
    {
        if (first == second || _collected > Budget || !_comparedFragmentPairs.Add(PairKey(first, second))
            || CollectFragment(first) is not { } one || CollectFragment(second) is not { } other)
        {
            return;
        }

        CollectBetween(one.Fields, other.Fields, conflicts);
        foreach (string referenced in other.Fragments)
        {
            CollectBetweenFragments(first, referenced, conflicts);
        }

        foreach (string referenced in one.Fragments)
        {
            CollectBetweenFragments(referenced, second, conflicts);
        }
    }

    private static (string, string) PairKey(string a, string b) => string.CompareOrdinal(a, b) < 0 ? (a, b) : (b, a);

    /// <summary>Why two selections under one key cannot merge, with the offsets of the fields involved (graphql-js's order); null when they can.</summary>
    private Conflict? FindConflict(CollectedField a, CollectedField b)
    {
        // Past the budget every comparison left is skipped, so the pairs still to go cost a loop step each.
        if (ReferenceEquals(a.Field, b.Field) || _collected > Budget)
        {
            return null;
        }

        int[] pair = [a.Field.Location.Offset, b.Field.Location.Offset];

        // graphql-js's areMutuallyExclusive: on two different object types (fragments on an interface's implementations)
        // the two can never both be written, so only their shapes must agree, down through their selections.
        bool exclusive = _parentsExclusive
            || (a.Parent.Name != b.Parent.Name && a.Parent.Kind == SchemaTypeKind.OBJECT && b.Parent.Kind == SchemaTypeKind.OBJECT);
        if (!exclusive && a.Field.Name != b.Field.Name)
        {
            return new Conflict($"\"{ValidationContext.Quote(a.Field.Name)}\" and \"{ValidationContext.Quote(b.Field.Name)}\" are different fields", pair);
        }

        if (!exclusive && !SameArguments(a.Field.Arguments, b.Field.Arguments))
        {
            return new Conflict("they have differing arguments", pair);
        }

        if (a.Definition is null || b.Definition is null)
        {
            return null;
        }

        if (TypesConflict(a.Definition.Type, b.Definition.Type))
        {
            return new Conflict($"they return conflicting types \"{a.Definition.Type}\" and \"{b.Definition.Type}\"", pair);
        }

        if (a.Field.SelectionSet is null || b.Field.SelectionSet is null || context.NamedType(a.Definition.Type) is not { } type || !ValidationContext.IsComposite(type))
        {
            return null;
        }

        bool outer = _parentsExclusive;
        _parentsExclusive = exclusive;
        try
        {
            return FindSubfieldConflict(a, b, type);
        }
        finally
        {
            _parentsExclusive = outer;
        }
    }

    /// <summary>True while comparing the selections of two fields that can never both be written.</summary>
    private bool _parentsExclusive;

    /// <summary>
    /// graphql-js's findConflictsBetweenSubSelectionSets: the two fields' own selections against each other (fields,
    /// then fields against the other's fragments, then fragment pairs), as one conflict naming every field involved.
    /// </summary>
    private Conflict? FindSubfieldConflict(CollectedField a, CollectedField b, SchemaType type)
    {
        var (firstFields, firstFragments) = Collect(a.Field.SelectionSet!, type);
        var (secondFields, secondFragments) = Collect(b.Field.SelectionSet!, type);
        var conflicts = new List<(string Key, Conflict Conflict)>();
        CollectBetween(firstFields, secondFields, conflicts);
        foreach (string fragment in secondFragments)
        {
            CollectBetweenFieldsAndFragment(firstFields, fragment, conflicts);
        }

        foreach (string fragment in firstFragments)
        {
            CollectBetweenFieldsAndFragment(secondFields, fragment, conflicts);
        }

        foreach (string first in firstFragments)
        {
            foreach (string second in secondFragments)
            {
                CollectBetweenFragments(first, second, conflicts);
            }
        }

        if (conflicts.Count == 0)
        {
            return null;
        }

        var firstOffsets = new List<int> { a.Field.Location.Offset };
        var secondOffsets = new List<int> { b.Field.Location.Offset };
        foreach (var (_, conflict) in conflicts)
        {
            firstOffsets.AddRange(conflict.Offsets.Take(conflict.FirstCount));
            secondOffsets.AddRange(conflict.Offsets.Skip(conflict.FirstCount));
        }

        string reason = string.Join(" and ", conflicts.Select(c => $"subfields \"{ValidationContext.Quote(c.Key)}\" conflict because {c.Conflict.Reason}"));
        return new Conflict(reason, [.. firstOffsets, .. secondOffsets], firstOffsets.Count);
    }

    /// <summary>graphql-js's sameArguments: the same names with the same printed values, in any order.</summary>
    private static bool SameArguments(ArgumentNode[] a, ArgumentNode[] b) =>
        a.Length == b.Length && a.All(x => b.Any(y => y.Name == x.Name && ValueRules.Print(y.Value) == ValueRules.Print(x.Value)));

    /// <summary>graphql-js's doTypesConflict: lists and non-nulls must line up, and leaves must be the same type.</summary>
    private bool TypesConflict(TypeRef a, TypeRef b)
    {
        if (a.Kind is TypeRefKind.List || b.Kind is TypeRefKind.List)
        {
            return a.Kind != b.Kind || TypesConflict(a.OfType!, b.OfType!);
        }

        if (a.Kind is TypeRefKind.NonNull || b.Kind is TypeRefKind.NonNull)
        {
            return a.Kind != b.Kind || TypesConflict(a.OfType!, b.OfType!);
        }

        bool leaf = context.Schema.Find(a.Name!) is { } named && ValidationContext.IsLeaf(named)
            || context.Schema.Find(b.Name!) is { } other && ValidationContext.IsLeaf(other);
        return leaf && a.Name != b.Name;
    }

    /// <summary>A field under a response key, its definition, and the type it was selected on.</summary>
    private sealed record CollectedField(FieldNode Field, SchemaField? Definition, SchemaType Parent);

    /// <summary>A reason, and the offsets of the fields: the first side's <see cref="FirstCount"/>, then the second's.</summary>
    private sealed record Conflict(string Reason, int[] Offsets, int FirstCount = 1);
}
