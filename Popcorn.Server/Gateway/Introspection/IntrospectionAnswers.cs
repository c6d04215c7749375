using System.Buffers;
using System.Runtime.CompilerServices;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Introspection answers kept as JSON, so a repeated introspection query (a client's <c>getIntrospectionQuery()</c>
/// at every start) is one copy of bytes instead of a walk of the schema. An answer is a pure function of the schema
/// and the validated selection (<see cref="IntrospectionWriter"/>), so it is keyed by both, by reference: the
/// selection is the cached operation's own step, and the schema is the one that caller sees
/// (<see cref="PopcornGateway.SchemaFor"/>, one instance per set of refused policies), so an answer is never shared
/// between callers who see different schemas. Bounded: <see cref="Capacity"/> answers of at most
/// <see cref="MaxAnswerBytes"/> each, the oldest out first; larger answers are written each time, and so is every
/// answer when the writer indents (a raw value would not be indented to its depth).
/// </summary>
internal sealed class IntrospectionAnswers(JsonWriterOptions options)
{
    /// <summary>Answers kept: introspection documents are few (a client's tooling sends the same one).</summary>
    internal const int Capacity = 16;

    /// <summary>The largest answer kept.</summary>
    internal const int MaxAnswerBytes = 1024 * 1024;

    private readonly BoundedCache<Key, byte[]> _answers = new(Capacity, static () => { });
    private long _hits;

    /// <summary>Answers served from the cache (for tests and diagnostics).</summary>
    internal long Hits => Interlocked.Read(ref _hits);

    /// <summary>Writes the answer to <paramref name="root"/> (a validated <c>__schema</c> or <c>__type</c> selection) from <paramref name="schema"/>.</summary>
    public void Write(Utf8JsonWriter json, SchemaModel schema, PropertyReference root)
    {
        if (options.Indented)
        {
            IntrospectionWriter.Write(json, schema, root);
            return;
        }

        var key = new Key(schema, root);
        if (!_answers.TryGet(key, out var answer))
        {
            var buffer = new ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(buffer, options))
            {
                IntrospectionWriter.Write(writer, schema, root);
            }

            answer = buffer.WrittenSpan.ToArray();
            if (answer.Length <= MaxAnswerBytes)
            {
                _answers.Add(key, answer);
            }
        }
        else
        {
            Interlocked.Increment(ref _hits);
        }

        json.WriteRawValue(answer, skipInputValidation: true);
    }

    /// <summary>A schema and a selection, compared by reference (both are immutable and long-lived).</summary>
    private readonly struct Key(SchemaModel schema, PropertyReference root) : IEquatable<Key>
    {
        private readonly SchemaModel _schema = schema;
        private readonly PropertyReference _root = root;

        public bool Equals(Key other) => ReferenceEquals(_schema, other._schema) && ReferenceEquals(_root, other._root);

        public override bool Equals(object? obj) => obj is Key other && Equals(other);

        public override int GetHashCode() => HashCode.Combine(RuntimeHelpers.GetHashCode(_schema), RuntimeHelpers.GetHashCode(_root));
    }
}
