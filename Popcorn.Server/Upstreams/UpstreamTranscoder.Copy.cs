using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

internal static partial class UpstreamTranscoder
{
    /// <summary>
    /// One copy of a service's answer: walks the service's JSON with the plan, keeping the response path as a stack of
    /// segments (names and list indexes) that is printed only for an error or kept only for a join's hole.
    /// </summary>
    private sealed class Copy(string service, UpstreamCatalog catalog, JoinRecorder? recorder)
    {
        private readonly List<object> _path = new();

        /// <summary>Where a hole's path starts in <see cref="_path"/>: the root (0), or a join answer's object, whose holes' paths are relative to it.</summary>
        private int _holeBase;

        public void Push(object segment) => _path.Add(segment);

        public void Pop() => _path.RemoveAt(_path.Count - 1);

        public void Object(ref Utf8JsonReader reader, Utf8JsonWriter writer, SelectionPlan plan, bool nullable, TargetKeyCapture? capture = null)
        {
            if (reader.TokenType == JsonTokenType.Null)
            {
                Null(writer, nullable);
                return;
            }

            if (reader.TokenType != JsonTokenType.StartObject)
            {
                throw Breaks("an object");
            }

            writer.WriteStartObject();
            var scalars = catalog.WriterOf(plan.Type).Scalars;
            var fields = plan.Fields;
            var joins = recorder?.Joins.For(plan);
            var keys = joins is null ? null : new JoinKey?[joins.KeyAliases.Length];
            List<JoinHole>? holes = null;
            int next = 0;
            while (Read(ref reader) == JsonTokenType.PropertyName)
            {
                next = WriteGatewayOwned(writer, plan, next, joins, ref holes);
                int slot = joins is null ? -1 : SlotOf(ref reader, joins.KeyAliases);
                bool targetKey = capture is not null && reader.ValueTextEquals(capture.Alias);
                bool ours = next < fields.Length && reader.ValueTextEquals(fields[next].OutputName);
                Read(ref reader);
                if (slot >= 0)
                {
                    keys![slot] = JoinKey.Read(ref reader);
                }

                if (targetKey)
                {
                    capture!.Key = JoinKey.Read(ref reader);
                }

                if (!ours)
                {
                    // A key the gateway did not ask for the client (a join's key, or the one field read for a
                    // __typename-only object): dropped.
                    reader.Skip();
                    continue;
                }

                var planned = fields[next++];
                var field = planned.Field!;
                writer.WritePropertyName(planned.EncodedOutputName);
                _path.Add(planned.OutputName);
                switch (field.Kind)
                {
                    case FieldKind.Object:
                        Object(ref reader, writer, planned.Child!, field.IsNullable);
                        break;
                    case FieldKind.List when planned.Child is { } child:
                        List(ref reader, writer, child, field.IsNullable, ElementsNullable(field));
                        break;
                    case FieldKind.List:
                        ScalarList(ref reader, writer, scalars[field.Index], field.IsNullable, ElementsNullable(field));
                        break;
                    case FieldKind.Map:
                        Map(ref reader, writer, planned.Child, scalars[field.Index], field.IsNullable);
                        break;
                    default:
                        Scalar(ref reader, writer, scalars[field.Index], field.IsNullable);
                        break;
                }

                Pop();
            }

            next = WriteGatewayOwned(writer, plan, next, joins, ref holes);
            if (next < fields.Length)
            {
                throw Breaks($"the field '{fields[next].OutputName}'");
            }

            // The keys may follow the joins in the service's answer (they are sent last), so holes learn them here.
            foreach (var hole in holes ?? [])
            {
                hole.Key = keys![hole.Site.KeySlot];
            }

            writer.WriteEndObject();
        }

        private static int SlotOf(ref Utf8JsonReader reader, string[] aliases)
        {
            for (int i = 0; i < aliases.Length; i++)
            {
                if (reader.ValueTextEquals(aliases[i]))
                {
                    return i;
                }
            }

            return -1;
        }

        /// <summary>Whether the service's schema allows a null element in <paramref name="field"/>'s list (it promised none when not).</summary>
        private static bool ElementsNullable(FieldMetadata field) => (field.Flags & FieldFlags.NonNullElements) == 0;

        public void List(ref Utf8JsonReader reader, Utf8JsonWriter writer, SelectionPlan plan, bool nullable, bool elementsNullable = true)
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
            while (Read(ref reader) != JsonTokenType.EndArray)
            {
                _path.Add(index++);
                Object(ref reader, writer, plan, nullable: elementsNullable);
                Pop();
            }

            writer.WriteEndArray();
        }

        /// <summary>
        /// Copies a join answer's list, each object a JSON value of its own (the writer is reset between them), noting
        /// each one's key and range; an object without its key is dropped (no parent can match it).
        /// </summary>
        public void Elements(ref Utf8JsonReader reader, Utf8JsonWriter writer, JoinSite site)
        {
            var capture = new TargetKeyCapture(site.TargetKeyAlias);
            int index = 0;
            while (Read(ref reader) != JsonTokenType.EndArray)
            {
                writer.Flush();
                writer.Reset();
                int start = recorder!.Output.WrittenCount;
                int holeStart = recorder.Holes.Count;
                capture.Key = null;
                _path.Add(index++);
                _holeBase = _path.Count;
                Object(ref reader, writer, site.Plan, nullable: true, capture);
                Pop();
                writer.Flush();
                if (capture.Key is { } key)
                {
                    recorder.Elements.Add(new JoinElement(site, key, start, recorder.Output.WrittenCount, holeStart, recorder.Holes.Count));
                }
            }
        }

        private void ScalarList(ref Utf8JsonReader reader, Utf8JsonWriter writer, UpstreamScalar scalar, bool nullable, bool elementsNullable)
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
            while (Read(ref reader) != JsonTokenType.EndArray)
            {
                _path.Add(index++);
                Scalar(ref reader, writer, scalar, nullable: elementsNullable);
                Pop();
            }

            writer.WriteEndArray();
        }

        private void Map(ref Utf8JsonReader reader, Utf8JsonWriter writer, SelectionPlan? child, UpstreamScalar scalar, bool nullable)
        {
            if (reader.TokenType == JsonTokenType.Null)
            {
                Null(writer, nullable);
                return;
            }

            if (reader.TokenType != JsonTokenType.StartObject)
            {
                throw Breaks("a map (an object)");
            }

            writer.WriteStartObject();
            while (Read(ref reader) == JsonTokenType.PropertyName)
            {
                string key = reader.GetString()!;
                writer.WritePropertyName(key);
                Read(ref reader);
                _path.Add(key);
                if (child is not null)
                {
                    Object(ref reader, writer, child, nullable: true);
                }
                else
                {
                    Scalar(ref reader, writer, scalar, nullable: true);
                }

                Pop();
            }

            writer.WriteEndObject();
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
                throw Breaks("a value (it is not nullable)");
            }

            writer.WriteNullValue();
        }

        /// <summary>
        /// Writes the keys planned at <paramref name="next"/> that the gateway answers itself: <c>__typename</c> (its own
        /// type name) and joins (a <c>null</c> noted as a hole), returning the next key the service sends.
        /// </summary>
        private int WriteGatewayOwned(Utf8JsonWriter writer, SelectionPlan plan, int next, PlanJoins? joins, ref List<JoinHole>? holes)
        {
            var fields = plan.Fields;
            for (; next < fields.Length; next++)
            {
                var planned = fields[next];
                if (planned.Field is null)
                {
                    writer.WriteString(planned.EncodedOutputName, plan.Type.Name);
                }
                else if (joins?.SiteAt[next] is { } site)
                {
                    writer.WritePropertyName(planned.EncodedOutputName);
                    writer.WriteNullValue();
                    var hole = new JoinHole(recorder!.Position(writer) - "null"u8.Length, site, [.. _path.Skip(_holeBase), planned.OutputName]);
                    recorder.Holes.Add(hole);
                    (holes ??= new()).Add(hole);
                }
                else
                {
                    break;
                }
            }

            return next;
        }

        private UpstreamUnavailableException Breaks(string expected) =>
            new($"The service '{service}' sent a value that breaks its schema at '{PathText()}': expected {expected}.");

        private string PathText() => UpstreamPaths.Print(_path);
    }

    /// <summary>Where a join answer's object leaves its target key while it is copied.</summary>
    private sealed class TargetKeyCapture(string alias)
    {
        public string Alias { get; } = alias;

        public JoinKey? Key { get; set; }
    }
}
