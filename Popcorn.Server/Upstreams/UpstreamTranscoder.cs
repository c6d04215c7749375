using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Copies a root field's value out of a Popcorn service's answer (<c>{"data":{"orders":[...]}}</c>) into the gateway's
/// JSON, reader to writer with the compiled plan: no document is built, each key is written under the gateway's output
/// name in the plan's order, <c>__typename</c> is the gateway's own type name, and every value is checked against the
/// service's declared schema (a number where it declares a number, an object where it declares one, null only where
/// it declares a nullable field). A value that breaks it, or malformed JSON, is an
/// <see cref="UpstreamUnavailableException"/> naming where.
/// </summary>
internal static class UpstreamTranscoder
{
    private static readonly JsonReaderOptions s_reader = new() { MaxDepth = 256 };

    /// <summary>Copies root field <paramref name="rootName"/>'s value; errors name paths from <paramref name="key"/>, the client's response key.</summary>
    /// <exception cref="UpstreamUnavailableException">The answer is malformed or breaks the service's schema.</exception>
    public static void Transcode(string service, ReadOnlySpan<byte> body, string rootName, string key, SelectionPlan plan, bool isList, UpstreamCatalog catalog, Utf8JsonWriter writer)
    {
        var reader = new Utf8JsonReader(body, s_reader);
        var copy = new Copy(service, catalog);
        try
        {
            Expect(ref reader, JsonTokenType.StartObject, "$");
            while (Read(ref reader) == JsonTokenType.PropertyName)
            {
                if (!reader.ValueTextEquals("data"u8))
                {
                    reader.Read();
                    reader.Skip();
                    continue;
                }

                Expect(ref reader, JsonTokenType.StartObject, "data");
                while (Read(ref reader) == JsonTokenType.PropertyName)
                {
                    bool ours = reader.ValueTextEquals(rootName);
                    Read(ref reader);
                    if (!ours)
                    {
                        reader.Skip();
                        continue;
                    }

                    if (isList)
                    {
                        copy.List(ref reader, writer, plan, key, nullable: true);
                    }
                    else
                    {
                        copy.Object(ref reader, writer, plan, key, nullable: true);
                    }

                    return;
                }

                break;
            }

            throw new UpstreamUnavailableException($"The service '{service}' sent no value for '{rootName}'.");
        }
        catch (JsonException e)
        {
            throw new UpstreamUnavailableException($"The service '{service}' sent malformed JSON.", e);
        }
    }

    private static JsonTokenType Read(ref Utf8JsonReader reader) =>
        reader.Read() ? reader.TokenType : throw new JsonException("The body ended early.");

    private static void Expect(ref Utf8JsonReader reader, JsonTokenType token, string at)
    {
        if (Read(ref reader) != token)
        {
            throw new JsonException($"Expected {token} at {at}.");
        }
    }

    private readonly struct Copy(string service, UpstreamCatalog catalog)
    {
        public void Object(ref Utf8JsonReader reader, Utf8JsonWriter writer, SelectionPlan plan, string path, bool nullable)
        {
            if (reader.TokenType == JsonTokenType.Null)
            {
                Null(writer, path, nullable);
                return;
            }

            if (reader.TokenType != JsonTokenType.StartObject)
            {
                throw Breaks(path, "an object");
            }

            writer.WriteStartObject();
            var scalars = catalog.WriterOf(plan.Type).Scalars;
            var fields = plan.Fields;
            int next = 0;
            while (Read(ref reader) == JsonTokenType.PropertyName)
            {
                next = WriteTypeNames(writer, plan, next);
                if (next >= fields.Length || !reader.ValueTextEquals(fields[next].OutputName))
                {
                    // A key the gateway did not ask for (the one field read for a __typename-only object): dropped.
                    Read(ref reader);
                    reader.Skip();
                    continue;
                }

                var planned = fields[next++];
                var field = planned.Field!;
                writer.WritePropertyName(planned.EncodedOutputName);
                Read(ref reader);
                string at = path + "." + planned.OutputName;
                switch (field.Kind)
                {
                    case FieldKind.Object:
                        Object(ref reader, writer, planned.Child!, at, field.IsNullable);
                        break;
                    case FieldKind.List when planned.Child is { } child:
                        List(ref reader, writer, child, at, field.IsNullable);
                        break;
                    case FieldKind.List:
                        ScalarList(ref reader, writer, scalars[field.Index], at, field.IsNullable);
                        break;
                    case FieldKind.Map:
                        Map(ref reader, writer, planned.Child, scalars[field.Index], at, field.IsNullable);
                        break;
                    default:
                        Scalar(ref reader, writer, scalars[field.Index], at, field.IsNullable);
                        break;
                }
            }

            next = WriteTypeNames(writer, plan, next);
            if (next < fields.Length)
            {
                throw Breaks(path, $"the field '{fields[next].OutputName}'");
            }

            writer.WriteEndObject();
        }

        public void List(ref Utf8JsonReader reader, Utf8JsonWriter writer, SelectionPlan plan, string path, bool nullable)
        {
            if (reader.TokenType == JsonTokenType.Null)
            {
                Null(writer, path, nullable);
                return;
            }

            if (reader.TokenType != JsonTokenType.StartArray)
            {
                throw Breaks(path, "a list");
            }

            writer.WriteStartArray();
            int index = 0;
            while (Read(ref reader) != JsonTokenType.EndArray)
            {
                Object(ref reader, writer, plan, $"{path}[{index++}]", nullable: true);
            }

            writer.WriteEndArray();
        }

        private void ScalarList(ref Utf8JsonReader reader, Utf8JsonWriter writer, UpstreamScalar scalar, string path, bool nullable)
        {
            if (reader.TokenType == JsonTokenType.Null)
            {
                Null(writer, path, nullable);
                return;
            }

            if (reader.TokenType != JsonTokenType.StartArray)
            {
                throw Breaks(path, "a list");
            }

            writer.WriteStartArray();
            int index = 0;
            while (Read(ref reader) != JsonTokenType.EndArray)
            {
                Scalar(ref reader, writer, scalar, $"{path}[{index++}]", nullable: true);
            }

            writer.WriteEndArray();
        }

        private void Map(ref Utf8JsonReader reader, Utf8JsonWriter writer, SelectionPlan? child, UpstreamScalar scalar, string path, bool nullable)
        {
            if (reader.TokenType == JsonTokenType.Null)
            {
                Null(writer, path, nullable);
                return;
            }

            if (reader.TokenType != JsonTokenType.StartObject)
            {
                throw Breaks(path, "a map (an object)");
            }

            writer.WriteStartObject();
            while (Read(ref reader) == JsonTokenType.PropertyName)
            {
                string key = reader.GetString()!;
                writer.WritePropertyName(key);
                Read(ref reader);
                if (child is not null)
                {
                    Object(ref reader, writer, child, path + "." + key, nullable: true);
                }
                else
                {
                    Scalar(ref reader, writer, scalar, path + "." + key, nullable: true);
                }
            }

            writer.WriteEndObject();
        }

        private void Scalar(ref Utf8JsonReader reader, Utf8JsonWriter writer, UpstreamScalar scalar, string path, bool nullable)
        {
            switch (reader.TokenType)
            {
                case JsonTokenType.Null:
                    Null(writer, path, nullable);
                    return;
                case JsonTokenType.Number when scalar is UpstreamScalar.Number or UpstreamScalar.Any:
                    writer.WriteRawValue(reader.ValueSpan, skipInputValidation: true);
                    return;
                case JsonTokenType.String when scalar is UpstreamScalar.String or UpstreamScalar.Any:
                    if (reader.ValueIsEscaped)
                    {
                        writer.WriteStringValue(reader.GetString());
                    }
                    else
                    {
                        writer.WriteStringValue(reader.ValueSpan);
                    }

                    return;
                case JsonTokenType.True or JsonTokenType.False when scalar is UpstreamScalar.Boolean or UpstreamScalar.Any:
                    writer.WriteBooleanValue(reader.TokenType == JsonTokenType.True);
                    return;
                default:
                    throw Breaks(path, scalar switch
                    {
                        UpstreamScalar.Number => "a number",
                        UpstreamScalar.String => "a string",
                        UpstreamScalar.Boolean => "true or false",
                        _ => "a scalar",
                    });
            }
        }

        private void Null(Utf8JsonWriter writer, string path, bool nullable)
        {
            if (!nullable)
            {
                throw Breaks(path, "a value (it is not nullable)");
            }

            writer.WriteNullValue();
        }

        /// <summary>Writes the <c>__typename</c> keys planned at <paramref name="next"/> (the gateway's own), returning the next key the service sends.</summary>
        private static int WriteTypeNames(Utf8JsonWriter writer, SelectionPlan plan, int next)
        {
            var fields = plan.Fields;
            while (next < fields.Length && fields[next].Field is null)
            {
                writer.WriteString(fields[next].EncodedOutputName, plan.Type.Name);
                next++;
            }

            return next;
        }

        private UpstreamUnavailableException Breaks(string path, string expected) =>
            new($"The service '{service}' sent a value that breaks its schema at '{path}': expected {expected}.");
    }
}
