namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>Property: printing a tree in either syntax and parsing the print gives back an equal tree.</summary>
public class SelectionRoundTripTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void PrintThenParse_EitherSyntax_GivesAnEqualTree(int seed)
    {
        var generator = new RandomTreeGenerator(seed);
        for (int i = 0; i < 200; i++)
        {
            var tree = generator.Tree();
            string include = SelectionPrinter.PrintInclude(tree);
            string graphQL = SelectionPrinter.PrintGraphQL(tree);

            SelectionParser.Parse(include).ShouldBe(tree, $"seed {seed}, tree {i}: {include}");
            SelectionParser.Parse(graphQL).ShouldBe(tree, $"seed {seed}, tree {i}: {graphQL}");
        }
    }

    [Theory]
    [InlineData(4)]
    public void PrintThenParse_AsAFragmentInANamedQuery_GivesAnEqualTree(int seed)
    {
        // The same tree through the longer road: a named operation, a fragment, comments and extra commas.
        var generator = new RandomTreeGenerator(seed);
        for (int i = 0; i < 100; i++)
        {
            var tree = generator.Tree();
            string body = SelectionPrinter.PrintGraphQL(tree);
            string document = $"# generated\nquery Q {{ ...F, }}\nfragment F on T {body}";

            var expected = tree.Properties.Count == 0 ? [] : new[] { PropertyReference.TypeConditioned("T", tree.Properties) };
            SelectionParser.Parse(document).Properties.ShouldBe(expected, document);
        }
    }
}
