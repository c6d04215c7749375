namespace Popcorn.Query;

/// <summary>The fragment rules, and expanding a spread.</summary>
internal sealed partial class GraphQLNormalizer
{
    /// <summary>
    /// Fragment Name Uniqueness, Fragment Spread Target Defined, Fragment Spreads Must Not Form
    /// Cycles and Fragments Must Be Used, over the whole document. Every walk here is iterative
    /// over the spread lists the parser collected, so a long chain of fragments costs no stack.
    /// </summary>
    private void CheckFragments()
    {
        foreach (var fragment in _document.Fragments)
        {
            if (!_fragments.TryAdd(fragment.Name, fragment))
            {
                throw Invalid($"The fragment name '{Quote(fragment.Name)}' is defined twice.", fragment.NameOffset);
            }
        }

        CheckSpreadTargets();
        CheckCycles();
        CheckAllUsed();
    }

    private void CheckSpreadTargets()
    {
        FragmentSpreadNode? first = null;
        foreach (var spread in AllSpreads())
        {
            if (!_fragments.ContainsKey(spread.Name) && (first is null || spread.Location.Offset < first.Location.Offset))
            {
                first = spread;
            }
        }

        if (first is not null)
        {
            throw Invalid($"Unknown fragment '{Quote(first.Name)}': the document defines no 'fragment {Quote(first.Name)} on ...'.", first.Location.Offset);
        }
    }

    private IEnumerable<FragmentSpreadNode> AllSpreads()
    {
        foreach (var operation in _document.Operations)
        {
            foreach (var spread in operation.Spreads)
            {
                yield return spread;
            }
        }

        foreach (var fragment in _document.Fragments)
        {
            foreach (var spread in fragment.Spreads)
            {
                yield return spread;
            }
        }
    }

    /// <summary>A depth-first walk with an explicit stack; a spread back into a fragment still on the stack closes a cycle.</summary>
    private void CheckCycles()
    {
        var state = new Dictionary<FragmentDefinitionNode, bool>(ReferenceEqualityComparer.Instance); // true: on the stack; false: done
        var stack = new List<(FragmentDefinitionNode Fragment, int NextSpread)>();
        foreach (var root in _document.Fragments)
        {
            if (state.ContainsKey(root))
            {
                continue;
            }

            state[root] = true;
            stack.Add((root, 0));
            while (stack.Count > 0)
            {
                var (fragment, next) = stack[^1];
                if (next == fragment.Spreads.Length)
                {
                    state[fragment] = false;
                    stack.RemoveAt(stack.Count - 1);
                    continue;
                }

                stack[^1] = (fragment, next + 1);
                var spread = fragment.Spreads[next];
                var target = _fragments[spread.Name];
                if (!state.TryGetValue(target, out bool onStack))
                {
                    state[target] = true;
                    stack.Add((target, 0));
                }
                else if (onStack)
                {
                    throw Invalid($"The fragment '{Quote(target.Name)}' spreads itself: {DescribeCycle(stack, target)}.", spread.Location.Offset);
                }
            }
        }
    }

    private static string DescribeCycle(List<(FragmentDefinitionNode Fragment, int NextSpread)> stack, FragmentDefinitionNode target)
    {
        int start = stack.FindIndex(entry => ReferenceEquals(entry.Fragment, target));
        var names = stack.Skip(start).Select(entry => entry.Fragment.Name).Append(target.Name).Take(6);
        string path = string.Join(" -> ", names.Select(Quote));
        return stack.Count - start > 5 ? path + " -> ..." : path;
    }

    /// <summary>Every fragment must be reachable from some operation.</summary>
    private void CheckAllUsed()
    {
        var reached = new HashSet<FragmentDefinitionNode>(ReferenceEqualityComparer.Instance);
        foreach (var operation in _document.Operations)
        {
            Reach(operation.Spreads, reached);
        }

        foreach (var fragment in _document.Fragments)
        {
            if (!reached.Contains(fragment))
            {
                throw Invalid($"The fragment '{Quote(fragment.Name)}' is never used; remove it or spread it with '...{Quote(fragment.Name)}'.", fragment.NameOffset);
            }
        }
    }

    /// <summary>Adds every fragment reachable through <paramref name="spreads"/> to <paramref name="reached"/>.</summary>
    private void Reach(FragmentSpreadNode[] spreads, HashSet<FragmentDefinitionNode> reached)
    {
        var pending = new Stack<FragmentSpreadNode[]>();
        pending.Push(spreads);
        while (pending.Count > 0)
        {
            foreach (var spread in pending.Pop())
            {
                var fragment = _fragments[spread.Name];
                if (reached.Add(fragment))
                {
                    pending.Push(fragment.Spreads);
                }
            }
        }
    }

    /// <summary>
    /// The fragment's selections, expanded once and reused at every spread: the variables are the
    /// same everywhere in one request, so every spread of a fragment expands to the same nodes, and
    /// a chain of fragments that doubles at each link costs one expansion per fragment until the
    /// field limit stops it.
    /// </summary>
    private ExpandedSelections ExpandFragment(FragmentSpreadNode spread, int depth)
    {
        var fragment = _fragments[spread.Name];
        if (_expandedFragments.TryGetValue(fragment, out var expanded))
        {
            if (depth + expanded.Height - 1 > _options.MaxDepth)
            {
                throw TooDeep(spread.Location.Offset);
            }

            return expanded;
        }

        expanded = ExpandSelectionSet(fragment.SelectionSet, depth, fragment.TypeCondition);
        _expandedFragments.Add(fragment, expanded);
        return expanded;
    }

    private PopcornQueryException TooDeep(int offset) =>
        Limit($"The query nests deeper than {_options.MaxDepth} levels once its fragments are expanded.", offset);
}
