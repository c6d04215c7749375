using System.Buffers;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Projects a plain JSON service's answer that is a list (a root JSON array) while it streams in: the body is read in
/// chunks, each element is copied through the plan (<see cref="PlainJsonTranscoder.Element"/>) as soon as its last byte
/// has arrived, and its bytes are dropped. The gateway holds one chunk and the element being read, never the body, so
/// a 100 MB list read through a narrow selection costs the selected bytes, not 100 MB (docs/gateway.md, "Memory"). With
/// <c>first</c>, reading stops once the page is copied and the rest of the body is never read. A body that is not one
/// JSON list, or an element that breaks the service's document, is the field's error, as for a buffered answer.
/// </summary>
internal sealed class PlainJsonListStream
{
    private const int ChunkBytes = 16 * 1024;

    private readonly PlainJsonTranscoder _copy;
    private readonly SelectionPlan _plan;
    private readonly int _skip;
    private readonly int _first;
    private byte[] _buffer = ArrayPool<byte>.Shared.Rent(ChunkBytes);
    private int _start; // the first byte not yet consumed
    private int _end; // one past the last byte read
    private JsonReaderState _state = new(PlainJsonTranscoder.ReaderOptions);
    private Phase _phase;
    private int _index;
    private int _written;

    private PlainJsonListStream(PlainJsonTranscoder copy, SelectionPlan plan)
    {
        _copy = copy;
        _plan = plan;
        _skip = plan.Arguments?.Skip ?? 0;
        _first = plan.Arguments?.First ?? int.MaxValue;
    }

    private enum Phase { BeforeList, InList, AfterList, Done }

    /// <summary>
    /// The list <paramref name="body"/> holds, projected through <paramref name="plan"/> as root field
    /// <paramref name="key"/>'s value, or the error that makes it unusable (malformed JSON, a value that breaks the
    /// service's document): returned, not thrown, because the service did answer (its call counts as answered). With
    /// <paramref name="recorder"/>, the output is its own, with the joins' holes noted.
    /// </summary>
    /// <exception cref="UpstreamUnavailableException">Reading the body failed (it passed the service's cap).</exception>
    public static async Task<(UpstreamValue? Value, UpstreamUnavailableException? Breaks)> ReadAsync(
        Stream body, string service, string key, SelectionPlan plan, UpstreamCatalog catalog, JsonWriterOptions writerOptions, JoinRecorder? recorder, CancellationToken cancellationToken)
    {
        var output = recorder?.Output ?? new ArrayBufferWriter<byte>(256);
        using var writer = new Utf8JsonWriter(output, writerOptions with { Indented = false });
        var breaks = await CopyAsync(body, service, key, plan, catalog, recorder, writer, afterChunk: null, cancellationToken);
        writer.Flush();
        return breaks is null ? (new UpstreamValue(output.WrittenMemory), null) : (null, breaks);
    }

    /// <summary>
    /// Copies the list <paramref name="body"/> holds into <paramref name="writer"/> as it arrives, calling
    /// <paramref name="afterChunk"/> after each chunk (the gateway's response flushes there, so the client's first bytes
    /// leave before the service has finished); returns the error that makes the body unusable, with the list cut where
    /// it was found.
    /// </summary>
    /// <exception cref="UpstreamUnavailableException">Reading the body failed (it passed the service's cap).</exception>
    public static async Task<UpstreamUnavailableException?> CopyAsync(
        Stream body, string service, string key, SelectionPlan plan, UpstreamCatalog catalog, JoinRecorder? recorder, Utf8JsonWriter writer, Func<ValueTask>? afterChunk, CancellationToken cancellationToken)
    {
        var list = new PlainJsonListStream(new PlainJsonTranscoder(service, catalog, key, recorder), plan);
        try
        {
            while (list._phase != Phase.Done)
            {
                list.MakeRoom();
                int read = await body.ReadAsync(list._buffer.AsMemory(list._end), cancellationToken);
                list._end += read;

                // What the copy finds wrong with the bytes is the field's error; what reading them finds (the cap) is the call's.
                if (list.TryAdvance(writer, ended: read == 0, service) is { } breaks)
                {
                    return breaks;
                }

                if (afterChunk is not null)
                {
                    await afterChunk();
                }
            }

            return null;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(list._buffer);
        }
    }

    private UpstreamUnavailableException? TryAdvance(Utf8JsonWriter writer, bool ended, string service)
    {
        try
        {
            Advance(writer, ended);
            if (ended && _phase != Phase.Done)
            {
                throw new JsonException("The body ends before its list does.");
            }

            return null;
        }
        catch (JsonException e)
        {
            return new UpstreamUnavailableException($"The service '{service}' sent malformed JSON.", e);
        }
        catch (UpstreamUnavailableException e)
        {
            return e; // a value that breaks the service's document, with its path
        }
    }

    /// <summary>Moves the unconsumed bytes to the front, and doubles the buffer when one element fills it.</summary>
    private void MakeRoom()
    {
        if (_start > 0)
        {
            _buffer.AsSpan(_start, _end - _start).CopyTo(_buffer);
            _end -= _start;
            _start = 0;
        }

        if (_end == _buffer.Length)
        {
            // The body's cap (UpstreamBodyStream) bounds how far this can grow.
            var larger = ArrayPool<byte>.Shared.Rent(_buffer.Length * 2);
            _buffer.AsSpan(0, _end).CopyTo(larger);
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = larger;
        }
    }

    /// <summary>
    /// Reads as far as the bytes held allow. A token or element cut by the end of the bytes is read again from its
    /// start once more have come: the reader's state is kept only at the boundaries of whole elements.
    /// </summary>
    private void Advance(Utf8JsonWriter writer, bool isFinalBlock)
    {
        int origin = _start;
        var reader = new Utf8JsonReader(_buffer.AsSpan(_start, _end - _start), isFinalBlock, _state);
        while (true)
        {
            switch (_phase)
            {
                case Phase.BeforeList:
                    if (!reader.Read())
                    {
                        return;
                    }

                    if (reader.TokenType == JsonTokenType.Null)
                    {
                        writer.WriteNullValue();
                        _phase = Phase.AfterList;
                    }
                    else if (reader.TokenType == JsonTokenType.StartArray)
                    {
                        writer.WriteStartArray();
                        _phase = Phase.InList;
                    }
                    else
                    {
                        throw _copy.Breaks("a list");
                    }

                    break;
                case Phase.InList:
                    if (_written >= _first)
                    {
                        writer.WriteEndArray();
                        _phase = Phase.Done; // the page is complete: the rest of the body is not read
                        return;
                    }

                    if (!reader.Read())
                    {
                        return;
                    }

                    if (reader.TokenType == JsonTokenType.EndArray)
                    {
                        writer.WriteEndArray();
                        _phase = Phase.AfterList;
                        break;
                    }

                    int elementStart = (int)reader.TokenStartIndex;
                    if (reader.TokenType is JsonTokenType.StartObject or JsonTokenType.StartArray && !reader.TrySkip())
                    {
                        return; // the element's end has not arrived yet
                    }

                    if (_index++ >= _skip)
                    {
                        // A root list's elements are non-null in the gateway's SDL ([Shipment!]!): a null one breaks it.
                        _copy.Element(_buffer.AsSpan(origin + elementStart, (int)reader.BytesConsumed - elementStart), writer, _plan, _index - 1, nullable: false);
                        _written++;
                    }

                    break;
                case Phase.AfterList:
                    if (reader.Read())
                    {
                        throw new JsonException("Something follows the list.");
                    }

                    if (isFinalBlock)
                    {
                        _phase = Phase.Done;
                    }

                    return;
                default:
                    return;
            }

            _state = reader.CurrentState;
            _start = origin + (int)reader.BytesConsumed;
        }
    }
}
