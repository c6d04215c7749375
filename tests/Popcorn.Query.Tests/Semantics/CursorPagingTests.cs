using System.Security.Cryptography;

namespace Popcorn.Query.Tests.Semantics;

/// <summary>
/// Keyset paging in memory: cursors signed and checked at plan compile, and pages walked by cursor that read every
/// row once in the order of the whole list, with nulls and ties (a fixed-seed oracle).
/// </summary>
public class CursorPagingTests
{
    private sealed record Row(int Id, int Group, string? Name, DateTime? At);

    private static readonly TypeMetadata RowType = new("Row");

    static CursorPagingTests()
    {
        const FieldFlags both = FieldFlags.Sortable | FieldFlags.Filterable;
        RowType.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int", FieldFlags.Always | both, valueType: typeof(int), getter: r => ((Row)r).Id),
            new FieldMetadata("group", FieldKind.Scalar, "int", both, valueType: typeof(int), getter: r => ((Row)r).Group),
            new FieldMetadata("name", FieldKind.Scalar, "string?", both, isNullable: true, valueType: typeof(string), getter: r => ((Row)r).Name),
            new FieldMetadata("at", FieldKind.Scalar, "DateTime?", both, isNullable: true, valueType: typeof(DateTime?), getter: r => ((Row)r).At),
        ]);
    }

    private static readonly PlanCompilerOptions KeyA = new() { Cursors = new CursorCodec(RandomNumberGenerator.GetBytes(32)) };

    private static CollectionArguments Arguments(string arguments, PlanCompilerOptions? options = null) =>
        PlanCompiler.Compile(RowType, SelectionParser.Parse($"({arguments})[id]"), options ?? KeyA).Arguments!;

    [Fact]
    public void WalkByCursor_RandomOrdersWithNullsAndTies_ReadsEveryRowOnce_InTheWholeListsOrder()
    {
        var random = new Random(3201);
        var rows = Enumerable.Range(1, 60)
            .Select(id => new Row(id, random.Next(4), random.Next(3) == 0 ? null : ((char)('a' + random.Next(5))).ToString(), random.Next(3) == 0 ? null : new DateTime(2026, 1, 1).AddDays(random.Next(5))))
            .OrderBy(_ => random.Next())
            .ToArray();
        string[] fields = ["group", "name", "at", "id"];
        for (int round = 0; round < 40; round++)
        {
            string orderBy = string.Join(", ", fields.OrderBy(_ => random.Next()).Take(random.Next(1, 4)).Select(f => $"{{{f}: {(random.Next(2) == 0 ? "ASC" : "DESC")}}}"));
            int size = random.Next(1, 9);
            var whole = Arguments($"orderBy: [{orderBy}]").Apply(rows)!;
            var walked = new List<Row>();
            string? cursor = null;
            while (true)
            {
                var arguments = Arguments($"first: {size}, orderBy: [{orderBy}]{(cursor is null ? "" : $", after: \"{cursor}\"")}");
                var page = arguments.Apply(rows)!;
                walked.AddRange(page);
                if (page.Length < size)
                {
                    break;
                }

                cursor = arguments.Cursors!.CursorOf(page[^1]);
            }

            walked.Select(r => r.Id).ShouldBe(whole.Select(r => r.Id), $"orderBy: [{orderBy}], first: {size}");
        }
    }

    [Fact]
    public void Compile_EveryAlteredCharacterOfACursor_IsRefused()
    {
        var first = Arguments("first: 2, orderBy: {at: DESC}");
        string cursor = first.Cursors!.CursorOf(new Row(7, 1, null, new DateTime(2026, 2, 3)));
        Arguments($"orderBy: {{at: DESC}}, after: \"{cursor}\"").After.ShouldBe(cursor);

        for (int i = 0; i < cursor.Length; i++)
        {
            string altered = cursor[..i] + (cursor[i] == 'x' ? 'y' : 'x') + cursor[(i + 1)..];
            Should.Throw<PopcornQueryException>(() => Arguments($"orderBy: {{at: DESC}}, after: \"{altered}\""))
                .Message.ShouldContain("is not a cursor this API issued");
        }
    }

    [Fact]
    public void Compile_ACursorSignedWithAnotherKey_IsRefused_AndTheSameKeyOnAnotherInstanceAccepts()
    {
        byte[] key = RandomNumberGenerator.GetBytes(32);
        var instanceA = new PlanCompilerOptions { Cursors = new CursorCodec(key) };
        var instanceB = new PlanCompilerOptions { Cursors = new CursorCodec(key) };
        string cursor = Arguments("orderBy: {name: ASC}", instanceA).Cursors!.CursorOf(new Row(1, 1, "a", null));

        Arguments($"orderBy: {{name: ASC}}, after: \"{cursor}\"", instanceB).After.ShouldBe(cursor);
        Should.Throw<PopcornQueryException>(() => Arguments($"orderBy: {{name: ASC}}, after: \"{cursor}\""));
        Should.Throw<PopcornQueryException>(() => Arguments($"orderBy: {{name: DESC}}, after: \"{cursor}\"", instanceB))
            .Message.ShouldContain("another order");
    }

    [Fact]
    public void Compile_AnOrder_GainsTheAlwaysSortableTieBreaker_AndNoOrderIssuesNoCursor()
    {
        Arguments("orderBy: {group: DESC}").OrderBy.Select(k => k.Field.WireName).ShouldBe(["group", "id"]);
        Arguments("orderBy: [{id: DESC}, {group: ASC}]").OrderBy.Select(k => k.Field.WireName).ShouldBe(["id", "group"]);
        Arguments("first: 3").Cursors.ShouldBeNull();
        Arguments("first: 3").OrderBy.ShouldBeEmpty();
    }

    [Fact]
    public void Compile_ExplicitNullArguments_AreAsIfNotGiven()
    {
        // GraphQL's null on a nullable argument; Relay sends after: null for a first page.
        var given = Arguments("first: null, skip: null, orderBy: null, where: null, after: null");

        given.First.ShouldBeNull();
        given.Skip.ShouldBe(0);
        given.OrderBy.ShouldBeEmpty();
        given.Where.ShouldBeNull();
        given.After.ShouldBeNull();
    }

    [Fact]
    public void ForCounting_KeepsTheClientsFilter_WithoutTheSeekOrThePage()
    {
        var first = Arguments("first: 2, orderBy: {group: ASC}, where: {group: {gt: 0}}");
        string cursor = first.Cursors!.CursorOf(new Row(7, 1, "a", null));
        var next = Arguments($"first: 2, orderBy: {{group: ASC}}, where: {{group: {{gt: 0}}}}, after: \"{cursor}\"");
        var rows = Enumerable.Range(1, 20).Select(id => new Row(id, id % 3, null, null)).ToArray();

        var counting = next.ForCounting();

        counting.Apply(rows)!.Length.ShouldBe(rows.Count(r => r.Group > 0), "the seek of after is not counted");
        counting.First.ShouldBeNull();
        counting.OrderBy.ShouldBeEmpty();
        next.WithFirst(3).Apply(rows)!.Length.ShouldBe(3);
        next.WithFirst(3).After.ShouldBe(cursor);
    }

    [Fact]
    public void CursorCodec_AShortKey_IsRefused() =>
        Should.Throw<ArgumentException>(() => new CursorCodec(new byte[16]));
}
