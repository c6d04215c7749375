namespace Popcorn.Query;

/// <summary>Which operation runs, and directives where none may stand.</summary>
internal sealed partial class GraphQLNormalizer
{
    /// <summary>Operation types this reader runs, Lone Anonymous Operation and Operation Name Uniqueness.</summary>
    private void CheckOperations(bool allowMutations)
    {
        var operations = _document.Operations;
        if (operations.Length == 0)
        {
            throw Invalid("The document defines no query: add one, such as '{ ...FragmentName }'.", 0);
        }

        var names = default(NameSet);
        foreach (var operation in operations)
        {
            if (operation.Type == GraphQLOperationType.Subscription || (operation.Type == GraphQLOperationType.Mutation && !allowMutations))
            {
                // A selection describes what to write back; only the gateway has mutation fields to run, and nothing streams.
                string word = operation.Type == GraphQLOperationType.Mutation ? GraphQLKeywords.Mutation : GraphQLKeywords.Subscription;
                throw Invalid(allowMutations
                    ? $"Only query and mutation operations are supported; '{word}' is not."
                    : $"Only query operations are supported; '{word}' is not.", operation.Offset);
            }

            if (operation.Name is null)
            {
                if (operations.Length > 1)
                {
                    throw Invalid("An anonymous query must be the only operation in the document; give every query a name.", operation.Offset);
                }
            }
            else if (!names.Add(operation.Name))
            {
                throw Invalid($"The operation name '{Quote(operation.Name)}' is used twice.", operation.Offset);
            }

            var variableNames = default(NameSet);
            foreach (var variable in operation.Variables)
            {
                if (!variableNames.Add(variable.Name))
                {
                    throw Invalid($"The variable '${variable.Name}' is declared twice.", variable.Offset);
                }
            }
        }
    }

    /// <summary>The operation named <paramref name="operationName"/>, or the only one.</summary>
    private OperationNode SelectOperation(string? operationName)
    {
        var operations = _document.Operations;

        // Clients commonly send "operationName": "" for "none"; it can name no operation anyway.
        if (string.IsNullOrEmpty(operationName))
        {
            if (operations.Length > 1)
            {
                throw Invalid($"The document has {operations.Length} operations; pass operationName to choose the one to run.", operations[1].Offset);
            }

            return operations[0];
        }

        foreach (var operation in operations)
        {
            if (operation.Name == operationName)
            {
                return operation;
            }
        }

        throw Invalid($"The document has no operation named '{Quote(operationName)}'.", operations[0].Offset);
    }

    /// <summary>
    /// The directives Popcorn knows all apply to selections; on an operation, a fragment definition
    /// or a variable definition they could only be ignored, so they are refused.
    /// </summary>
    private void CheckDefinitionDirectives()
    {
        foreach (var operation in _document.Operations)
        {
            RefuseDirectives(operation.Directives, "an operation");
            foreach (var variable in operation.Variables)
            {
                RefuseDirectives(variable.Directives, "a variable definition");
            }
        }

        foreach (var fragment in _document.Fragments)
        {
            RefuseDirectives(fragment.Directives, "a fragment definition; put it on the spread instead ('...F @include(if: $x)')");
        }
    }

    private void RefuseDirectives(DirectiveNode[] directives, string where)
    {
        if (directives.Length == 0)
        {
            return;
        }

        var directive = directives[0];
        throw IsKnownDirective(directive.Name)
            ? Invalid($"The directive '@{Quote(directive.Name)}' cannot be used on {where}.", directive.Offset)
            : UnknownDirective(directive);
    }
}
