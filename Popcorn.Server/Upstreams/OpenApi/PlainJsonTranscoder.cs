using System.Buffers;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Projects a plain JSON service's answer (the root value itself, its objects' keys in any order, every field there
/// whether asked for or not) to the client's selection, reader to writer: no document is built. Each object is read
/// once to note where the selected fields' values lie (offsets, one slot per field of its type) and skip the rest,
/// then the values are copied in the plan's order, each checked against the type the OpenAPI document declares: a
/// value of another JSON kind, a null where the document promises a value, or a missing required field is an
/// <see cref="UpstreamUnavailableException"/> naming the path. A list's <c>first</c>/<c>skip</c> are applied while it
/// is copied; elements after the page are not read. With a <see cref="JoinRecorder"/>, a joined field (another
/// service's, <c>gateway.Join</c>) is written as a <c>null</c> noted as a hole with its parent's key, read from the
/// object's own field whether the client selected it or not, for <see cref="UpstreamJoinRunner"/> to fill.
/// </summary>
internal sealed class PlainJsonTranscoder
{
    internal static readonly JsonReaderOptions ReaderOptions = new() { MaxDepth = 256 };

    private readonly string _service;
    private readonly UpstreamCatalog _catalog;
    private readonly JoinRecorder? _recorder;
    private readonly List<object> _path = new();

    internal PlainJsonTranscoder(string service, UpstreamCatalog catalog, string key, JoinRecorder? recorder = null)
    {
        _service = service;
        _catalog = catalog;
        _recorder = recorder;
        _path.Add(key);
    }

    /// <summary>Copies <paramref name="body"/>, the whole answer (an object), as root field <paramref name="key"/>'s value; a list streams (<see cref="PlainJsonListStream"/>).</summary>
    /// <exception cref="UpstreamUnavailableException">The body is malformed JSON or breaks the service's document.</exception>
    public static void Transcode(string service, ReadOnlySpan<byte> body, string key, SelectionPlan plan, UpstreamCatalog catalog, Utf8JsonWriter writer, JoinRecorder? recorder = null)
    {
        var copy = new PlainJsonTranscoder(service, catalog, key, recorder);
        try
        {
            // The whole body is checked to be one JSON value first, so a truncated or padded answer is malformed
            // rather than half copied.
            var check = new Utf8JsonReader(body, ReaderOptions);
            if (!check.Read())
            {
                throw new JsonException("The body is empty.");
            }

            check.Skip();
            if (check.Read())
            {
                throw new JsonException("Something follows the value.");
            }

            copy.Object(body, writer, plan, nullable: true);
        }
        catch (JsonException e)
        {
            throw new UpstreamUnavailableException($"The service '{service}' sent malformed JSON.", e);
        }
    }

    /// <summary>Copies the object <paramref name="value"/> (the exact bytes of one JSON value) through <paramref name="plan"/>.</summary>
    private void Object(ReadOnlySpan<byte> value, Utf8JsonWriter writer, SelectionPlan plan, bool nullable)
    {
        var reader = new Utf8JsonReader(value, ReaderOptions);
        reader.Read();
        if (reader.TokenType == JsonTokenType.Null)
        {
            Null(writer, nullable);
            return;
        }

        if (reader.TokenType != JsonTokenType.StartObject)
        {
            throw Breaks("an object");
        }

        var type = plan.Type;
        int count = type.Fields.Count;
        var ranges = ArrayPool<(int Start, int End)>.Shared.Rent(count);
        try
        {
            ranges.AsSpan(0, count).Clear();
            var fields = plan.Fields;
            var joins = _recorder?.Joins.For(plan);
            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                int index = -1;
                for (int i = 0; i < fields.Length; i++)
                {
                    // A joined field is never the service's, even when it sends a property of that name.
                    if (fields[i].Field is { } field && joins?.SiteAt[i] is null && reader.ValueTextEquals(field.WireName))
                    {
                        index = field.Index;
                        break;
                    }
                }

                if (index < 0 && joins is not null)
                {
                    index = JoinKeyIndex(ref reader, joins);
                }

                reader.Read();
                int start = (int)reader.TokenStartIndex;
                reader.Skip();
                if (index >= 0)
                {
                    ranges[index] = (start, (int)reader.BytesConsumed);
                }
            }

            writer.WriteStartObject();
            var scalars = _catalog.WriterOf(type).Scalars;
            for (int i = 0; i < fields.Length; i++)
            {
                var planned = fields[i];
                if (planned.Field is not { } field)
                {
                    writer.WriteString(planned.EncodedOutputName, type.Name); // __typename: the gateway's name
                    continue;
                }

                if (joins?.SiteAt[i] is { } site)
                {
                    writer.WritePropertyName(planned.EncodedOutputName);
                    writer.WriteNullValue();
                    var (keyStart, keyEnd) = ranges[site.Join.Key.Index];
                    _recorder!.Holes.Add(new JoinHole(_recorder.Position(writer) - "null"u8.Length, site, [.. _path, planned.OutputName])
                    {
                        Key = keyEnd == 0 ? null : KeyAt(value[keyStart..keyEnd]),
                    });
                    continue;
                }

                writer.WritePropertyName(planned.EncodedOutputName);
                _path.Add(planned.OutputName);
                var (start, end) = ranges[field.Index];
                if (end == 0)
                {
                    // Left out by the service: a field the document does not require is null, a required one breaks it.
                    Null(writer, field.IsNullable);
                }
                else
                {
                    Value(value[start..end], writer, planned, field, scalars[field.Index]);
                }

                _path.RemoveAt(_path.Count - 1);
            }

            writer.WriteEndObject();
        }
        finally
        {
            ArrayPool<(int, int)>.Shared.Return(ranges);
        }
    }

    private void Value(ReadOnlySpan<byte> value, Utf8JsonWriter writer, PlannedField planned, FieldMetadata field, UpstreamScalar scalar)
    {
        switch (field.Kind)
        {
            case FieldKind.Object:
                Object(value, writer, planned.Child!, field.IsNullable);
                break;
            case FieldKind.List when planned.Child is { } child:
                List(value, writer, child, field.IsNullable, planned.Arguments);
                break;
            default:
                var reader = new Utf8JsonReader(value, ReaderOptions);
                reader.Read();
                if (field.Kind == FieldKind.List)
                {
                    ScalarList(ref reader, writer, scalar, field.IsNullable);
                }
                else
                {
                    Scalar(ref reader, writer, scalar, field.IsNullable);
                }

                break;
        }
    }

    /// <summary>Copies a list of objects, only its page when <paramref name="arguments"/> has <c>first</c>/<c>skip</c>.</summary>
    private void List(ReadOnlySpan<byte> value, Utf8JsonWriter writer, SelectionPlan plan, bool nullable, CollectionArguments? arguments)
    {
        var reader = new Utf8JsonReader(value, ReaderOptions);
        reader.Read();
        if (reader.TokenType == JsonTokenType.Null)
        {
            Null(writer, nullable);
            return;
        }

        if (reader.TokenType != JsonTokenType.StartArray)
        {
            throw Breaks("a list");
        }

        int skip = arguments?.Skip ?? 0;
        int first = arguments?.First ?? int.MaxValue;
        writer.WriteStartArray();
        int index = 0;
        int written = 0;
        while (written < first && reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            int start = (int)reader.TokenStartIndex;
            reader.Skip();
            if (index++ < skip)
            {
                continue;
            }

            Element(value[start..(int)reader.BytesConsumed], writer, plan, index - 1);
            written++;
        }

        writer.WriteEndArray();
    }

    /// <summary>The index of the join key field the reader's property name is (one the client may not have selected); -1 for none.</summary>
    private static int JoinKeyIndex(ref Utf8JsonReader reader, PlanJoins joins)
    {
        foreach (var site in joins.SiteAt)
        {
            if (site is not null && reader.ValueTextEquals(site.Join.Key.WireName))
            {
                return site.Join.Key.Index;
            }
        }

        return -1;
    }

    private static JoinKey? KeyAt(ReadOnlySpan<byte> value)
    {
        var reader = new Utf8JsonReader(value, ReaderOptions);
        reader.Read();
        return JoinKey.Read(ref reader);
    }

    /// <summary>Copies element <paramref name="index"/> of a list of objects, <paramref name="value"/> its exact bytes.</summary>
    internal void Element(ReadOnlySpan<byte> value, Utf8JsonWriter writer, SelectionPlan plan, int index, bool nullable = true)
    {
        _path.Add(index);
        Object(value, writer, plan, nullable);
        _path.RemoveAt(_path.Count - 1);
    }

    internal UpstreamUnavailableException Breaks(string expected) =>
        new($"The service '{_service}' sent a value that breaks its OpenAPI document at '{UpstreamPaths.Print(_path)}': expected {expected}.");

    private void ScalarList(ref Utf8JsonReader reader, Utf8JsonWriter writer, UpstreamScalar scalar, bool nullable)
    {
        if (reader.TokenType == JsonTokenType.Null)
        {
            Null(writer, nullable);
            return;
        }

        if (reader.TokenType != JsonTokenType.StartArray)
        {
            throw Breaks("a list");
        }

        writer.WriteStartArray();
        int index = 0;
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            _path.Add(index++);
            Scalar(ref reader, writer, scalar, nullable: true);
            _path.RemoveAt(_path.Count - 1);
        }

        writer.WriteEndArray();
    }

    private void Scalar(ref Utf8JsonReader reader, Utf8JsonWriter writer, UpstreamScalar scalar, bool nullable)
    {
        if (reader.TokenType == JsonTokenType.Null)
        {
            Null(writer, nullable);
        }
        else if (UpstreamScalarCopy.TryWrite(ref reader, writer, scalar) is { } expected)
        {
            throw Breaks(expected);
        }
    }

    private void Null(Utf8JsonWriter writer, bool nullable)
    {
        if (!nullable)
        {
            throw Breaks("a value (its OpenAPI document requires it and does not allow null)");
        }

        writer.WriteNullValue();
    }
}
