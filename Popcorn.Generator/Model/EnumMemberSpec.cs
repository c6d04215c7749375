namespace Popcorn.Generator.Model;

/// <summary>One enum member with the string System.Text.Json writes for it.</summary>
/// <param name="MemberName">The C# member name.</param>
/// <param name="JsonName">The string System.Text.Json writes.</param>
internal sealed record EnumMemberSpec(string MemberName, string JsonName);
