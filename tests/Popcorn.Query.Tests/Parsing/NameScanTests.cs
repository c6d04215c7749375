namespace Popcorn.Query.Tests.Parsing;

/// <summary>
/// The parsers read names eight characters at a time and look the short ones up by that vector; names near the text's
/// end, of eight characters or more, or followed by any other character take the scalar path. Every path must read
/// the same names, end them at the same character, and fail at the same position.
/// </summary>
public class NameScanTests
{
    public static TheoryData<string> Names => new()
    {
        "a", "Id", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmnop", "abcdefghijklmnopq",
        new string('x', NameCache.MaxCachedLength), new string('y', NameCache.MaxCachedLength + 1), "_0", "z9_Z", "A1234567",
    };

    [Theory]
    [MemberData(nameof(Names))]
    public void Parse_NameAtEveryDistanceFromTheEnd_IsReadWhole(string name)
    {
        // From "[name]" to a name followed by more than eight characters: the vector path and the scalar one.
        for (int tail = 0; tail <= 12; tail++)
        {
            string padding = string.Concat(Enumerable.Repeat(",q", tail));
            string include = $"[{name}{padding}]";
            string graphQL = "{ " + name + string.Concat(Enumerable.Repeat(" q", tail)) + " }";

            foreach (string text in new[] { include, graphQL })
            {
                var tree = SelectionParser.Parse(text, SelectionParserOptions.Default);
                tree.Properties[0].Name.ShouldBe(name);
                tree.Properties.Count.ShouldBe(tail + 1);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Parse_NameEndingTheTextAfterEveryLead_IsReadWhole(string name)
    {
        // The last names of a text start within eight characters of its end (the scalar path), after leads of every
        // length (the vector path for the ones before): both must read them whole and hand out the same string.
        for (int lead = 0; lead <= 12; lead++)
        {
            string include = $"[{string.Concat(Enumerable.Repeat("q,", lead))}{name},{name}]";

            var tree = SelectionParser.Parse(include, SelectionParserOptions.Default);

            tree.Properties.Count.ShouldBe(lead + 2);
            tree.Properties[^1].Name.ShouldBe(name);
            tree.Properties[^2].Name.ShouldBe(name);
            if (name.Length <= NameCache.VectorLength)
            {
                tree.Properties[^1].Name.ShouldBeSameAs(SelectionParser.Parse(include).Properties[^1].Name);
            }
        }
    }

    [Theory]
    [InlineData("[abc,abd,abcd,abc]")]
    [InlineData("[abcdefgh,abcdefgi,abcdefg,abcdefgh]")]
    [InlineData("[aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa,aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab]")]
    public void Parse_NamesSharingAPrefix_AreNotConfused(string text)
    {
        var expected = text.Trim('[', ']').Split(',');

        var tree = SelectionParser.Parse(text, SelectionParserOptions.Default);

        tree.Properties.Select(p => p.Name).ShouldBe(expected);
    }

    [Fact]
    public void Parse_SameNameTwice_IsOneString()
    {
        var first = SelectionParser.Parse("[id,name,id,name]", SelectionParserOptions.Default);
        var second = SelectionParser.Parse("{ id name }", SelectionParserOptions.Default);

        first.Properties[2].Name.ShouldBeSameAs(first.Properties[0].Name);
        second.Properties[0].Name.ShouldBeSameAs(first.Properties[0].Name);
    }

    [Theory]
    [InlineData("[abé,x,y,z,w]", 3)]
    [InlineData("[ab\u00A0,x,y,z,w]", 3)]
    [InlineData("[abcdefghij\u4E2D,x,y]", 11)]
    [InlineData("[ab\0,x,y,z,w,v]", 3)]
    [InlineData("[ab\u0130c,x,y,z,w,v]", 3)]
    [InlineData("[a\u212Ab,x,y,z,w,v]", 2)]
    public void Parse_NonNameCharacterAfterAName_IsReportedAtIt(string text, int offset)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text, SelectionParserOptions.Default));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Column.ShouldBe(offset + 1);
    }

    [Theory]
    [InlineData("[a/b,x,y,z,w,v]")]
    [InlineData("[a`b,x,y,z,w,v]")]
    [InlineData("[a@b,x,y,z,w,v]")]
    [InlineData("[a{b,x,y,z,w,v]")]
    [InlineData("[a:b,x,y,z,w,v]")]
    public void Parse_CharactersBesideTheNameRanges_EndTheName(string text)
    {
        // '/' and ':' border the digits, '@' and '[' the capitals, '`' and '{' the small letters.
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text + "x", SelectionParserOptions.Default));
        if (text[2] == ':')
        {
            SelectionParser.Parse(text, SelectionParserOptions.Default).Properties[0].Alias.ShouldBe("a");
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Parse_NameNearTheEndAndEarlier_IsOneString(string name)
    {
        // A short name in the text's last eight characters is read from a vector of the text's end moved down: it must
        // find the same cache slot, and so the same string, as the name read further from the end.
        for (int lead = 0; lead <= 12; lead++)
        {
            string include = $"[{name},{string.Concat(Enumerable.Repeat("q,", lead))}{name}]";
            string graphQL = "{ " + name + string.Concat(Enumerable.Repeat(" q", lead)) + " " + name + " }";

            foreach (string text in new[] { include, graphQL })
            {
                var tree = SelectionParser.Parse(text, SelectionParserOptions.Default);

                tree.Properties[^1].Name.ShouldBe(name);
                if (name.Length <= NameCache.VectorLength)
                {
                    tree.Properties[^1].Name.ShouldBeSameAs(tree.Properties[0].Name);
                }
            }
        }
    }

    [Theory]
    [InlineData("abcdef,ghijklmnop", 3)]
    [InlineData("abcdef,ghijklmnop", 5)]
    [InlineData("abcdefghijklmnop", 9)]
    [InlineData("abc", 2)]
    public void Read_NameRunningToTheEndOfASlice_StopsThere(string longer, int length)
    {
        // The span ends inside a longer string: a vector read past its end would see more name characters. A text of
        // fewer than eight characters once passed the bounds check (its length less eight was negative, compared unsigned).
        var text = longer.AsSpan(0, length);

        string name = NameCache.Read(text, 0, out int end);

        name.ShouldBe(longer[..length]);
        end.ShouldBe(length);
    }

    [Theory]
    [InlineData("[qqqqqqqq,abé]", 12)]
    [InlineData("[qqqqqqqq,a\u0130]", 11)]
    [InlineData("[qqqqqqqq,ab\0]", 12)]
    public void Parse_NonNameCharacterAfterTheLastName_IsReportedAtIt(string text, int offset)
    {
        text = System.Text.RegularExpressions.Regex.Unescape(text);

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text, SelectionParserOptions.Default));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Column.ShouldBe(offset + 1);
    }
}
