using System.Buffers;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Introspection answers kept as JSON, so a repeated introspection query (a client's <c>getIntrospectionQuery()</c>
/// at every start) is one copy of bytes instead of a walk of the schema. An answer is a pure function of the schema
/// and the validated selection (<see cref="IntrospectionWriter"/>), so it is keyed by both: the selection by its
/// equality (which starts by reference, the selection being the cached operation's own step), the schema by reference,
/// the one that caller sees (<see cref="PopcornGateway.SchemaFor"/>, one instance per set of refused policies), so an answer is never shared
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

    private readonly BoundedMap<SchemaModel, PropertyReference, byte[]> _answers = new(Capacity, keyComparer: ReferenceEqualityComparer.Instance);
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

        if (!_answers.TryGetValue(schema, root, out var answer))
        {
            var buffer = new ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(buffer, options))
            {
                IntrospectionWriter.Write(writer, schema, root);
            }

            answer = buffer.WrittenSpan.ToArray();
            if (answer.Length <= MaxAnswerBytes)
            {
                _answers.GetOrAdd(schema, root, answer);
            }
        }
        else
        {
            Interlocked.Increment(ref _hits);
        }

        json.WriteRawValue(answer, skipInputValidation: true);
    }
}
