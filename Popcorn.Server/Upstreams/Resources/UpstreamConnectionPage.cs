using System.Buffers;
using System.Text;
using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// A page of an upstream list fetched through the service's Relay connection (<see cref="UpstreamIncludePrinter"/> with
/// a connection) so the gateway learns the cursor the service issued for it: the answer
/// <c>{"data":{"errands":{"edges":[{"node":{...}},...],"pageInfo":{...}}}}</c> becomes the plain list's
/// <c>{"data":{"errands":[{...},...]}}</c> (everything else, <c>errors</c> included, as it was), which the transcoder and
/// the joins read as for any list; the page's <c>endCursor</c> when <c>hasNextPage</c> comes out beside it.
/// </summary>
/// <remarks>
/// One pass of a <see cref="Utf8JsonReader"/> over the answer the client already holds whole, then the nodes' bytes
/// copied between the answer's own: no document is built. An answer of another shape is handed on unchanged, and the
/// transcoder reports it as a service breaking its schema (a 502), as for any other.
/// </remarks>
internal static class UpstreamConnectionPage
{
    /// <summary>What the gateway selects of the connection's page state.</summary>
    public const string PageInfoSelection = "pageInfo[endCursor,hasNextPage]";

    /// <summary>
    /// The answer with <paramref name="field"/>'s connection replaced by its nodes: a buffer from the shared pool (return
    /// it with <see cref="UpstreamClient.Return"/>), or <paramref name="buffer"/> itself when the answer has no such
    /// connection. <paramref name="next"/> is the page's end cursor when the service says a page follows; else null.
    /// </summary>
    public static (byte[] Buffer, int Length) Unwrap(byte[] buffer, int length, string field, out string? next)
    {
        next = null;
        var nodes = new List<Range>();
        string? endCursor = null;
        bool hasNextPage = false;
        int start, end;
        try
        {
            var reader = new Utf8JsonReader(buffer.AsSpan(0, length));
            if (!FindConnection(ref reader, Encoding.UTF8.GetBytes(field), out start))
            {
                return (buffer, length);
            }

            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                bool edges = reader.ValueTextEquals("edges"u8);
                bool pageInfo = reader.ValueTextEquals("pageInfo"u8);
                reader.Read();
                if (edges && reader.TokenType == JsonTokenType.StartArray)
                {
                    ReadNodes(ref reader, nodes);
                }
                else if (pageInfo && reader.TokenType == JsonTokenType.StartObject)
                {
                    ReadPageInfo(ref reader, ref endCursor, ref hasNextPage);
                }
                else
                {
                    reader.Skip();
                }
            }

            end = (int)reader.BytesConsumed;
        }
        catch (JsonException)
        {
            return (buffer, length); // malformed: the transcoder says so, as for any answer
        }

        int size = start + 2 + Math.Max(0, nodes.Count - 1) + nodes.Sum(n => n.End.Value - n.Start.Value) + (length - end);
        var unwrapped = ArrayPool<byte>.Shared.Rent(size);
        var source = buffer.AsSpan();
        var target = unwrapped.AsSpan();
        source[..start].CopyTo(target);
        int at = start;
        target[at++] = (byte)'[';
        for (int i = 0; i < nodes.Count; i++)
        {
            if (i > 0)
            {
                target[at++] = (byte)',';
            }

            source[nodes[i]].CopyTo(target[at..]);
            at += nodes[i].End.Value - nodes[i].Start.Value;
        }

        target[at++] = (byte)']';
        source[end..length].CopyTo(target[at..]);
        next = hasNextPage ? endCursor : null;
        return (unwrapped, size);
    }

    /// <summary>The byte ranges of each edge's <c>node</c>, the reader at the start of <c>edges</c>, left at its end.</summary>
    private static void ReadNodes(ref Utf8JsonReader reader, List<Range> nodes)
    {
        while (reader.Read() && reader.TokenType == JsonTokenType.StartObject)
        {
            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                bool node = reader.ValueTextEquals("node"u8);
                reader.Read();
                int from = (int)reader.TokenStartIndex;
                reader.Skip();
                if (node)
                {
                    nodes.Add(from..(int)reader.BytesConsumed);
                }
            }
        }
    }

    private static void ReadPageInfo(ref Utf8JsonReader reader, ref string? endCursor, ref bool hasNextPage)
    {
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            bool cursor = reader.ValueTextEquals("endCursor"u8);
            bool more = reader.ValueTextEquals("hasNextPage"u8);
            reader.Read();
            if (cursor && reader.TokenType == JsonTokenType.String)
            {
                endCursor = reader.GetString();
            }
            else if (more)
            {
                hasNextPage = reader.TokenType == JsonTokenType.True;
            }

            reader.Skip();
        }
    }

    /// <summary>Reads up to the start of <c>data.&lt;field&gt;</c> when it is an object; false when there is none.</summary>
    private static bool FindConnection(ref Utf8JsonReader reader, ReadOnlySpan<byte> field, out int start)
    {
        start = 0;
        if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
        {
            return false;
        }

        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            bool data = reader.ValueTextEquals("data"u8);
            reader.Read();
            if (!data || reader.TokenType != JsonTokenType.StartObject)
            {
                reader.Skip();
                continue;
            }

            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                bool connection = reader.ValueTextEquals(field);
                reader.Read();
                if (connection && reader.TokenType == JsonTokenType.StartObject)
                {
                    start = (int)reader.TokenStartIndex;
                    return true;
                }

                reader.Skip();
            }

            return false;
        }

        return false;
    }
}
