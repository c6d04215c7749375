using System.Text;
using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// A join key as the service sent it: a number's JSON text or a string's value. Keys match when both are the same kind
/// with the same text (the binder made sure both sides are declared of one kind).
/// </summary>
internal readonly record struct JoinKey(string Text, bool IsString)
{
    /// <summary>The key at the reader's value; null for a null, an object or a list (no key: the join is null).</summary>
    public static JoinKey? Read(ref Utf8JsonReader reader) => reader.TokenType switch
    {
        JsonTokenType.Number => new JoinKey(Encoding.UTF8.GetString(reader.ValueSpan), IsString: false),
        JsonTokenType.String => new JoinKey(reader.GetString()!, IsString: true),
        _ => null,
    };

    /// <summary>The key as a literal of an <c>in</c> list.</summary>
    public string Literal => IsString ? JsonSerializer.Serialize(Text, UpstreamJsonContext.Default.String) : Text;
}
