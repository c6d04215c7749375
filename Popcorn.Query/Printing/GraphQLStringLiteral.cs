using System.Globalization;
using System.Text;

namespace Popcorn.Query;

/// <summary>
/// The one GraphQL string escaper, used by the selection printers (argument values) and the gateway's SDL printer
/// (deprecation reasons). It writes what the spec's <c>StringValue</c> reads back as the same text, escaped as
/// graphql-js's <c>printString</c> escapes it: <c>"</c>, <c>\</c> and the C0 and C1 control characters (U+0000-U+001F,
/// U+007F-U+009F) escaped, with the short forms for backspace, form feed, newline, carriage return and tab; everything
/// else as it is, a surrogate pair included (the spec's source text is any Unicode scalar value). A lone surrogate
/// is no scalar value, so it cannot stand in a document as it is: it is written as its <c>\u</c> escape.
/// </summary>
internal static class GraphQLStringLiteral
{
    /// <summary>Appends <paramref name="text"/> as a quoted GraphQL string.</summary>
    public static void Append(StringBuilder builder, string text)
    {
        builder.Append('"');
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            switch (c)
            {
                case '"': builder.Append("\\\""); break;
                case '\\': builder.Append("\\\\"); break;
                case '\b': builder.Append("\\b"); break;
                case '\f': builder.Append("\\f"); break;
                case '\n': builder.Append("\\n"); break;
                case '\r': builder.Append("\\r"); break;
                case '\t': builder.Append("\\t"); break;
                case < ' ' or (>= '\u007F' and <= '\u009F'):
                    AppendEscape(builder, c);
                    break;
                default:
                    if (char.IsHighSurrogate(c) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
                    {
                        builder.Append(c).Append(text[++i]);
                    }
                    else if (char.IsSurrogate(c))
                    {
                        AppendEscape(builder, c);
                    }
                    else
                    {
                        builder.Append(c);
                    }

                    break;
            }
        }

        builder.Append('"');
    }

    private static void AppendEscape(StringBuilder builder, char c) =>
        builder.Append("\\u").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture));
}
