using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The spec's fragment definition rules (5.5.1): Fragment Name Uniqueness, Fragment Spread Type Existence, Fragments On
/// Object/Interface/Union Types, Fragments Must Be Used, and Fragment Spreads Must Not Form Cycles (5.5.2.2), in
/// graphql-js's wording. Spreads of undefined fragments and spreads on the wrong type are checked where the spread is,
/// by <see cref="SelectionRules"/>.
/// </summary>
internal static class FragmentRules
{
    public static void Check(ValidationContext context)
    {
        CheckNamesAndTypes(context);
        CheckUsed(context);
        new CycleFinder(context).Run();
    }

    private static void CheckNamesAndTypes(ValidationContext context)
    {
        var seen = new Dictionary<string, FragmentDefinitionNode>(StringComparer.Ordinal);
        foreach (var fragment in context.Document.Fragments)
        {
            if (!seen.TryAdd(fragment.Name, fragment))
            {
                context.Report($"There can be only one fragment named \"{ValidationContext.Quote(fragment.Name)}\".", seen[fragment.Name].NameOffset, fragment.NameOffset);
            }

            CheckTypeCondition(context, fragment.TypeCondition, fragment.TypeConditionOffset, $"Fragment \"{ValidationContext.Quote(fragment.Name)}\"");
        }
    }

    /// <summary>The type after <c>on</c> must exist and have fields; <paramref name="subject"/> names the fragment in the message.</summary>
    public static void CheckTypeCondition(ValidationContext context, string typeName, int offset, string subject)
    {
        var type = context.Schema.Find(typeName);
        if (type is null)
        {
            context.Report($"Unknown type \"{ValidationContext.Quote(typeName)}\".{ValidationContext.DidYouMean(typeName, context.Schema.Types.Select(t => t.Name))}", offset);
        }
        else if (!ValidationContext.IsComposite(type))
        {
            context.Report($"{subject} cannot condition on non composite type \"{type.Name}\".", offset);
        }
    }

    private static void CheckUsed(ValidationContext context)
    {
        var used = new HashSet<string>(StringComparer.Ordinal);
        foreach (var operation in context.Document.Operations)
        {
            used.UnionWith(ReferencedFragments(context, operation).Select(f => f.Name));
        }

        foreach (var fragment in context.Document.Fragments)
        {
            if (!used.Contains(fragment.Name))
            {
                context.Report($"Fragment \"{ValidationContext.Quote(fragment.Name)}\" is never used.", fragment.Offset);
            }
        }
    }

    /// <summary>Every fragment <paramref name="definition"/> spreads, directly or through others, each once, in first-spread order.</summary>
    public static List<FragmentDefinitionNode> ReferencedFragments(ValidationContext context, ExecutableDefinitionNode definition)
    {
        var found = new List<FragmentDefinitionNode>();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        var pending = new Stack<ExecutableDefinitionNode>();
        pending.Push(definition);
        while (pending.TryPop(out var current))
        {
            foreach (var spread in current.Spreads)
            {
                if (seen.Add(spread.Name) && context.Fragment(spread.Name) is { } fragment)
                {
                    found.Add(fragment);
                    pending.Push(fragment);
                }
            }
        }

        return found;
    }

    /// <summary>graphql-js's NoFragmentCycles: a depth-first walk reporting each cycle once, with the spreads that form it.</summary>
    private sealed class CycleFinder(ValidationContext context)
    {
        private readonly HashSet<string> _visited = new(StringComparer.Ordinal);
        private readonly List<FragmentSpreadNode> _path = [];
        private readonly Dictionary<string, int> _pathIndexByName = new(StringComparer.Ordinal);

        public void Run()
        {
            foreach (var fragment in context.Document.Fragments)
            {
                Visit(fragment);
            }
        }

        private void Visit(FragmentDefinitionNode fragment)
        {
            if (!_visited.Add(fragment.Name) || fragment.Spreads.Length == 0 || context.IsFull)
            {
                return;
            }

            _pathIndexByName[fragment.Name] = _path.Count;
            foreach (var spread in fragment.Spreads)
            {
                _path.Add(spread);
                if (_pathIndexByName.TryGetValue(spread.Name, out int cycleStart))
                {
                    var cycle = _path[cycleStart..];
                    string via = string.Join(", ", cycle[..^1].Select(s => $"\"{ValidationContext.Quote(s.Name)}\""));
                    string message = $"Cannot spread fragment \"{ValidationContext.Quote(spread.Name)}\" within itself{(via.Length > 0 ? " via " + via : string.Empty)}.";
                    context.Report(message, cycle[0].Location.Offset, cycle.Skip(1).Select(s => s.Location.Offset).ToArray());
                }
                else if (context.Fragment(spread.Name) is { } next)
                {
                    Visit(next);
                }

                _path.RemoveAt(_path.Count - 1);
            }

            _pathIndexByName.Remove(fragment.Name);
        }
    }
}
