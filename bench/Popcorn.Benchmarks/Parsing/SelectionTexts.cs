using Popcorn.Query;

namespace Popcorn.Benchmarks.Parsing;

/// <summary>
/// Each <see cref="Selection"/> in both syntaxes, and metadata every one of them compiles against. The GraphQL-like
/// text is written by hand, and <see cref="Verify"/> proves both texts parse to the same tree.
/// </summary>
public static class SelectionTexts
{
    /// <summary>A type shaped to fit Popcorn's stress string: most fields nest back into the type itself.</summary>
    public static readonly TypeMetadata Node = new("Node");

    /// <summary>The type of <c>Decide</c>.</summary>
    public static readonly TypeMetadata Decision = new("Decision");

    static SelectionTexts()
    {
        Node.Initialize(
        [
            new FieldMetadata("Id", FieldKind.Scalar, "int", FieldFlags.Always),
            new FieldMetadata("Title", FieldKind.Object, "Node?", FieldFlags.Default, Node, isNullable: true),
            new FieldMetadata("Name", FieldKind.Object, "Node?", elementType: Node, isNullable: true),
            new FieldMetadata("Decide", FieldKind.Object, "Decision?", FieldFlags.Default, Decision, isNullable: true),
            new FieldMetadata("First", FieldKind.Object, "Node?", elementType: Node, isNullable: true),
            new FieldMetadata("Second", FieldKind.Scalar, "string", FieldFlags.Default),
        ]);
        Decision.Initialize(
        [
            new FieldMetadata("Task", FieldKind.Scalar, "string", FieldFlags.Default),
            new FieldMetadata("Result", FieldKind.Scalar, "string"),
        ]);
    }

    /// <summary>The include syntax.</summary>
    public static string Include(Selection selection) => selection switch
    {
        Selection.Small => "[Id,Name]",
        Selection.Typical => "[Id,Second,Title[Id,Name],Decide[Task,Result]]",
        Selection.Medium => "[Id,heading:Title[Id,label:Name],Decide[Task,outcome:Result],First[Id,Second]]",
        Selection.Deep => "[First[First[First[First[First[First[First[First[Id,Second]]]]]]]]]",
        Selection.Stress => "[!default,Id,Title[Id,Name],Decide[Task,Result],-Second,First[!default,Id,Title[Id,Name[!default,Id,Title[Id,Name],Decide[Task,Result],-Second]],Decide[Task,Result],-Second]]",
        _ => throw new ArgumentOutOfRangeException(nameof(selection)),
    };

    /// <summary>The GraphQL-like syntax, as a client would write it.</summary>
    public static string GraphQL(Selection selection) => selection switch
    {
        Selection.Small => "{ Id Name }",
        Selection.Typical => "{ Id Second Title { Id Name } Decide { Task Result } }",
        Selection.Medium => "{ Id heading: Title { Id label: Name } Decide { Task outcome: Result } First { Id Second } }",
        Selection.Deep => "{ First { First { First { First { First { First { First { First { Id Second } } } } } } } } }",
        Selection.Stress => "{ __default Id Title { Id Name } Decide { Task Result } Second @exclude First { __default Id Title { Id Name { __default Id Title { Id Name } Decide { Task Result } Second @exclude } } Decide { Task Result } Second @exclude } }",
        _ => throw new ArgumentOutOfRangeException(nameof(selection)),
    };

    /// <summary>Fails unless both texts of <paramref name="selection"/> parse to one tree that compiles against <see cref="Node"/>.</summary>
    /// <exception cref="InvalidOperationException">The texts describe different trees.</exception>
    public static void Verify(Selection selection)
    {
        var include = SelectionParser.Parse(Include(selection));
        var graphQL = SelectionParser.Parse(GraphQL(selection));
        if (!include.Equals(graphQL))
        {
            throw new InvalidOperationException($"{selection}: the include text parses to {include.ToIncludeString()}, the GraphQL-like text to {graphQL.ToIncludeString()}.");
        }

        PlanCompiler.Compile(Node, include);
    }
}
