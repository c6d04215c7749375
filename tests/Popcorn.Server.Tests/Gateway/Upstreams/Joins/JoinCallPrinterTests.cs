namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>The request-target budget of a join's call is counted as <see cref="Uri.EscapeDataString(string)"/> escapes.</summary>
public sealed class JoinCallPrinterTests
{
    [Theory]
    [InlineData("[j0:customers(where: {id: {in: [1,2]}})[name,id]]")]
    [InlineData("""["Ærø","Tromsø"]""")]
    [InlineData("emoji 🍿 and ~_.-")]
    public void EscapedLength_IsTheLengthOfTheEscapedText(string text)
    {
        JoinCallPrinter.EscapedLength(text).ShouldBe(Uri.EscapeDataString(text).Length);
    }
}
