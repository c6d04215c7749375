namespace Popcorn.Query.Tests.Semantics;

/// <summary>
/// <see cref="PlannedField.ElementsRequired"/>: a GraphQL plan asks the writers to refuse a null element of a list
/// flagged <see cref="FieldFlags.NonNullElements"/>, and then keeps off their straight-line path (which does not test
/// elements); a Popcorn plan writes the null as before.
/// </summary>
public class ElementsRequiredTests
{
    private static readonly TypeMetadata Shelf = new("Shelf");
    private static readonly TypeMetadata Book = new("Book");
    private static readonly PlanCompilerOptions s_graphQL = new() { Semantics = SelectionSemantics.GraphQL };

    static ElementsRequiredTests()
    {
        Shelf.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int"),
            new FieldMetadata("labels", FieldKind.List, "List<string>", FieldFlags.NonNullElements),
            new FieldMetadata("notes", FieldKind.List, "List<string?>"),
            new FieldMetadata("books", FieldKind.List, "List<Book>", FieldFlags.NonNullElements, Book),
        ]);
        Book.Initialize([new FieldMetadata("title", FieldKind.Scalar, "string")]);
    }

    private static SelectionPlan Compile(string query, PlanCompilerOptions options) =>
        PlanCompiler.Compile(Shelf, SelectionParser.Parse(query), options);

    [Fact]
    public void Compile_GraphQL_RequiresTheElementsOfFlaggedListsOnly()
    {
        var plan = Compile("{ id labels notes books { title } }", s_graphQL);

        plan.Fields.ToArray().Select(f => (f.OutputName, f.ElementsRequired))
            .ShouldBe([("id", false), ("labels", true), ("notes", false), ("books", true)]);
    }

    [Theory]
    [InlineData("{ id labels notes books { title } }")]
    [InlineData("[id,labels,notes,books[title]]")]
    public void Compile_PopcornSemantics_RequiresNoElements(string query)
    {
        Compile(query, PlanCompilerOptions.Default).Fields.ToArray().ShouldAllBe(f => !f.ElementsRequired);
    }

    [Fact]
    public void Compile_EveryFieldOnce_IsFullOnlyWhenNoElementIsRequired()
    {
        Compile("[id,labels,notes,books[title]]", PlanCompilerOptions.Default).IsFull.ShouldBeTrue();
        Compile("{ id labels notes books { title } }", s_graphQL).IsFull.ShouldBeFalse();
    }

    [Fact]
    public void Compile_DeepWildcardUnderGraphQL_IsFullOnlyBelowTheRequiredLists()
    {
        var plan = Compile("{ __full }", s_graphQL);

        plan.IsFull.ShouldBeFalse();
        plan.Fields.ToArray().Single(f => f.OutputName == "books").Child!.IsFull.ShouldBeTrue();
        Compile("[!full]", PlanCompilerOptions.Default).IsFull.ShouldBeTrue();
    }

    [Fact]
    public void ForQueriedRows_KeepsTheRequirement()
    {
        var plan = Compile("{ books(first: 2) { title } }", s_graphQL);

        var books = plan.ForQueriedRows().Fields.ToArray().Single();
        books.Arguments.ShouldBeNull();
        books.ElementsRequired.ShouldBeTrue();
    }
}
