namespace Popcorn.Query;

/// <summary>Directives.</summary>
internal ref partial struct GraphQLParser
{
    /// <summary>Directives[Const] : Directive[?Const]+ — Directive : <c>@</c> Name Arguments[?Const]?</summary>
    private DirectiveNode[] ParseDirectives(bool isConstant)
    {
        if (Kind != GraphQLTokenKind.At)
        {
            return s_noDirectives;
        }

        var directives = new List<DirectiveNode>(1);
        while (Kind == GraphQLTokenKind.At)
        {
            int offset = _reader.Start;
            MoveNext();
            string name = ParseName("a directive name after '@'");
            var arguments = Kind == GraphQLTokenKind.LeftParenthesis ? ParseArguments(isConstant) : s_noArguments;
            directives.Add(new DirectiveNode(name, arguments, offset));
        }

        return directives.ToArray();
    }
}
