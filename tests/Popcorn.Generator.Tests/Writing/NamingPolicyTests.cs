using System.Text.Json;
using Popcorn.Generator.Parsing;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>The generator's compile-time naming policies against System.Text.Json's runtime ones.</summary>
public class NamingPolicyTests
{
    private static readonly string[] s_names =
    [
        "Id", "id", "ID", "URLValue", "XMLHttpRequest", "FirstName", "firstName", "IPAddress", "A", "AB", "ABc", "Is_Valid",
        "already_snake", "Value2", "Version2Beta", "HTML5Parser", "_private", "__double", "Ünïcödé", "ÉtéName", "With Space",
        "MiXeD_CaSe", "x", "Person1Name", "SHOUTING_CASE", "kebab-like", "Trailing_", "ToUTF8", "I", "iPhone", "a__b", "A_B", "a_B",
        "x-y_z", "Ab-Cd", "ab.cd", "_A", "a1_b2", "_", "-a", "a--b", "a - b", "A.B", " Leading", "Trailing ", "two  spaces", "Price$USD", "a+b", "Tab\tName", "Emoji😀Name", "Sum∑Total", "Line\u2028Sep", "Ω_Omega",
    ];

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(5)]
    public void Convert_EveryName_MatchesSystemTextJson(int knownPolicy)
    {
        var policy = (NamingPolicy)knownPolicy;
        var runtime = policy switch
        {
            NamingPolicy.CamelCase => JsonNamingPolicy.CamelCase,
            NamingPolicy.SnakeCaseLower => JsonNamingPolicy.SnakeCaseLower,
            NamingPolicy.SnakeCaseUpper => JsonNamingPolicy.SnakeCaseUpper,
            NamingPolicy.KebabCaseLower => JsonNamingPolicy.KebabCaseLower,
            _ => JsonNamingPolicy.KebabCaseUpper,
        };

        foreach (string name in s_names)
        {
            NamingPolicies.Convert(policy, name).ShouldBe(runtime.ConvertName(name), name);
        }
    }
}
