using System.Text;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Resources;

/// <summary>
/// A service's connection answer turned back into its plain list (<see cref="UpstreamConnectionPage"/>): the nodes in
/// order, everything else as it was, the end cursor only when a page follows, and any other shape handed on unchanged
/// for the transcoder to judge.
/// </summary>
public sealed class UpstreamConnectionPageTests
{
    [Fact]
    public void Unwrap_TheConnection_BecomesItsNodes_AndTheRestOfTheAnswerStays()
    {
        const string answer = """{"data":{"before":1,"chores":{"edges":[{"node":{"id":1,"t":"a"}},{"cursor":"x","node":{"id":2}}],"pageInfo":{"endCursor":"c2","hasNextPage":true}},"after":[2]},"errors":[{"message":"m"}]}""";

        string unwrapped = Unwrap(answer, out string? next);

        unwrapped.ShouldBe("""{"data":{"before":1,"chores":[{"id":1,"t":"a"},{"id":2}],"after":[2]},"errors":[{"message":"m"}]}""");
        next.ShouldBe("c2");
    }

    [Theory]
    [InlineData("""{"data":{"chores":{"edges":[{"node":{"id":1}}],"pageInfo":{"hasNextPage":false,"endCursor":"c1"}}}}""", """{"data":{"chores":[{"id":1}]}}""")]
    [InlineData("""{"data":{"chores":{"pageInfo":{"endCursor":null,"hasNextPage":false},"edges":[]}}}""", """{"data":{"chores":[]}}""")]
    public void Unwrap_TheLastOrAnEmptyPage_HasNoNext(string answer, string expected)
    {
        Unwrap(answer, out string? next).ShouldBe(expected);
        next.ShouldBeNull();
    }

    [Theory]
    [InlineData("""{"data":{"chores":null},"errors":[{"message":"m"}]}""")]
    [InlineData("""{"data":null}""")]
    [InlineData("""{"data":{"chores":[{"id":1}]}}""")]
    [InlineData("""{"data":{"chores":{"edges":[{"node":{"id":1}""")]
    [InlineData("not json")]
    public void Unwrap_AnotherShape_IsHandedOnUnchanged(string answer)
    {
        var bytes = Encoding.UTF8.GetBytes(answer);

        var (buffer, length) = UpstreamConnectionPage.Unwrap(bytes, bytes.Length, "chores", out string? next);

        buffer.ShouldBeSameAs(bytes);
        length.ShouldBe(bytes.Length);
        next.ShouldBeNull();
    }

    private static string Unwrap(string answer, out string? next)
    {
        var bytes = Encoding.UTF8.GetBytes(answer);
        var (buffer, length) = UpstreamConnectionPage.Unwrap(bytes, bytes.Length, "chores", out next);
        string text = Encoding.UTF8.GetString(buffer, 0, length);
        UpstreamClient.Return(buffer);
        return text;
    }
}
