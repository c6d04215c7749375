using System.Buffers;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Popcorn.Benchmarks.Data;
using Popcorn.Benchmarks.Models;
using Popcorn.Query;

namespace Popcorn.Benchmarks.Serialization;

/// <summary>
/// One payload, ready to write every way the suite compares: everything that can be settled before the
/// measured call (type infos, writers, parsed and compiled selections) is settled here.
/// </summary>
public abstract class PayloadCase
{
    /// <summary>Reflection-based System.Text.Json with default options: the baseline.</summary>
    public static readonly JsonSerializerOptions ReflectionOptions = new() { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };

    /// <summary>
    /// The oracle for the deep wildcard: reflection-based System.Text.Json told to leave <c>SecretData</c> out, so the
    /// expected bytes come from System.Text.Json itself, not from a re-encoding of its output.
    /// </summary>
    public static readonly JsonSerializerOptions WithoutSecretsOptions = new()
    {
        TypeInfoResolver = new DefaultJsonTypeInfoResolver
        {
            Modifiers =
            {
                static info =>
                {
                    if (info.Type == typeof(ComplexNestedModel))
                    {
                        var secret = info.Properties.Single(p => p.Name == nameof(ComplexNestedModel.SecretData));
                        info.Properties.Remove(secret);
                    }
                },
            },
        },
    };

    public abstract void StjReflection(Utf8JsonWriter writer);

    public abstract void StjSourceGen(Utf8JsonWriter writer);

    public abstract void PopcornDefault(Utf8JsonWriter writer);

    public abstract void PopcornAll(Utf8JsonWriter writer);

    public abstract void PopcornFull(Utf8JsonWriter writer);

    public abstract void PopcornCustom(Utf8JsonWriter writer);

    /// <summary>Writes the payload without <c>SecretData</c> with reflection-based System.Text.Json.</summary>
    public abstract void StjWithoutSecrets(Utf8JsonWriter writer);

    /// <summary>The payload's case, with its selections parsed and compiled.</summary>
    public static PayloadCase Create(Payload payload)
    {
        var data = BenchData.Instance;
        const string complexCustom = "[Id,Title,Details[Id,Name],Items[Id,Name],Lookup]";
        return payload switch
        {
            Payload.Simple => new ObjectCase<SimpleModel>(data.SimpleObject, FastPathJsonContext.Default.SimpleModel, "[Id,Name,IsActive]"),
            Payload.SimpleList100 => new ListCase<SimpleModel>(data.SimpleList, FastPathJsonContext.Default.ListSimpleModel, "[Id,Name,IsActive]"),
            Payload.Complex => new ObjectCase<ComplexNestedModel>(data.ComplexObject, FastPathJsonContext.Default.ComplexNestedModel, complexCustom),
            Payload.ComplexList25 => new ListCase<ComplexNestedModel>(data.ComplexList, FastPathJsonContext.Default.ListComplexNestedModel, complexCustom),
            _ => throw new ArgumentOutOfRangeException(nameof(payload)),
        };
    }

    /// <summary>Writes the payload one way into a fresh buffer and returns the bytes.</summary>
    public static byte[] Capture(Action<Utf8JsonWriter> write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer))
        {
            write(writer);
        }

        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>
    /// Fails the run unless the paths write what they claim: both System.Text.Json paths the same bytes, and the
    /// deep wildcard exactly System.Text.Json's bytes less <c>SecretData</c>.
    /// </summary>
    /// <exception cref="InvalidOperationException">A path wrote other bytes.</exception>
    public void Verify()
    {
        var reflection = Capture(StjReflection);
        var sourceGen = Capture(StjSourceGen);
        if (!reflection.AsSpan().SequenceEqual(sourceGen))
        {
            throw Mismatch("Stj_SourceGen", "Stj_Reflection", sourceGen, reflection);
        }

        var expected = Capture(StjWithoutSecrets);
        var full = Capture(PopcornFull);
        if (!full.AsSpan().SequenceEqual(expected))
        {
            throw Mismatch("Popcorn_Full", "System.Text.Json less SecretData", full, expected);
        }

        if (Encoding.UTF8.GetString(full).Contains("SecretData", StringComparison.Ordinal))
        {
            throw new InvalidOperationException("Popcorn_Full wrote SecretData.");
        }

        foreach (var (name, write) in new (string, Action<Utf8JsonWriter>)[] { ("Popcorn_Default", PopcornDefault), ("Popcorn_All", PopcornAll), ("Popcorn_Custom", PopcornCustom) })
        {
            var bytes = Capture(write);
            if (bytes.Length == 0 || bytes.Length > full.Length || Encoding.UTF8.GetString(bytes).Contains("SecretData", StringComparison.Ordinal))
            {
                throw new InvalidOperationException($"{name} wrote {bytes.Length} bytes (full: {full.Length}), or wrote SecretData.");
            }
        }
    }

    private static InvalidOperationException Mismatch(string actualName, string expectedName, byte[] actual, byte[] expected)
    {
        int at = actual.AsSpan().CommonPrefixLength(expected);
        string Excerpt(byte[] bytes) => Encoding.UTF8.GetString(bytes, Math.Max(0, at - 40), Math.Min(bytes.Length, at + 40) - Math.Max(0, at - 40));
        return new InvalidOperationException(
            $"{actualName} differs from {expectedName} at byte {at} ({actual.Length} vs {expected.Length} bytes):\n  {actualName}: …{Excerpt(actual)}…\n  {expectedName}: …{Excerpt(expected)}…");
    }

    /// <summary>The selections of one model type, parsed and compiled once.</summary>
    protected sealed class Plans
    {
        public Plans(TypeMetadata metadata, string custom)
        {
            Default = PlanCompiler.Compile(metadata, SelectionParser.Parse(null));
            All = PlanCompiler.Compile(metadata, SelectionParser.Parse("[!all]"));
            Full = PlanCompiler.Compile(metadata, SelectionParser.Parse("[!full]"));
            Custom = PlanCompiler.Compile(metadata, SelectionParser.Parse(custom));
        }

        public SelectionPlan Default { get; }

        public SelectionPlan All { get; }

        public SelectionPlan Full { get; }

        public SelectionPlan Custom { get; }
    }

    protected static PopcornTypeWriter<T> WriterOf<T>() =>
        (PopcornTypeWriter<T>)(BenchJsonContext.Default.GetWriter(typeof(T)) ?? throw new InvalidOperationException($"BenchJsonContext has no Popcorn writer for {typeof(T)}."));
}

/// <summary>A single model object.</summary>
public sealed class ObjectCase<T> : PayloadCase
    where T : class
{
    private readonly T _value;
    private readonly JsonTypeInfo<T> _sourceGen;
    private readonly JsonTypeInfo<T> _withoutSecrets;
    private readonly PopcornTypeWriter<T> _popcorn;
    private readonly Plans _plans;

    public ObjectCase(T value, JsonTypeInfo<T> sourceGen, string custom)
    {
        _value = value;
        _sourceGen = sourceGen;
        _withoutSecrets = (JsonTypeInfo<T>)WithoutSecretsOptions.GetTypeInfo(typeof(T));
        _popcorn = WriterOf<T>();
        _plans = new Plans(_popcorn.Metadata, custom);
    }

    // The baseline goes through the options, as a caller who passes JsonSerializerOptions does.
    public override void StjReflection(Utf8JsonWriter writer) => JsonSerializer.Serialize(writer, _value, ReflectionOptions);

    public override void StjSourceGen(Utf8JsonWriter writer) => JsonSerializer.Serialize(writer, _value, _sourceGen);

    public override void PopcornDefault(Utf8JsonWriter writer) => _popcorn.Write(writer, _value, _plans.Default);

    public override void PopcornAll(Utf8JsonWriter writer) => _popcorn.Write(writer, _value, _plans.All);

    public override void PopcornFull(Utf8JsonWriter writer) => _popcorn.Write(writer, _value, _plans.Full);

    public override void PopcornCustom(Utf8JsonWriter writer) => _popcorn.Write(writer, _value, _plans.Custom);

    public override void StjWithoutSecrets(Utf8JsonWriter writer) => JsonSerializer.Serialize(writer, _value, _withoutSecrets);
}

/// <summary>A list of model objects, written as Popcorn.Server writes sequences: an array through the writer's sequence entry point.</summary>
public sealed class ListCase<T> : PayloadCase
    where T : class
{
    private readonly List<T> _value;
    private readonly JsonTypeInfo<List<T>> _sourceGen;
    private readonly JsonTypeInfo<List<T>> _withoutSecrets;
    private readonly PopcornTypeWriter<T> _popcorn;
    private readonly Plans _plans;

    public ListCase(List<T> value, JsonTypeInfo<List<T>> sourceGen, string custom)
    {
        _value = value;
        _sourceGen = sourceGen;
        _withoutSecrets = (JsonTypeInfo<List<T>>)WithoutSecretsOptions.GetTypeInfo(typeof(List<T>));
        _popcorn = WriterOf<T>();
        _plans = new Plans(_popcorn.Metadata, custom);
    }

    public override void StjReflection(Utf8JsonWriter writer) => JsonSerializer.Serialize(writer, _value, ReflectionOptions);

    public override void StjSourceGen(Utf8JsonWriter writer) => JsonSerializer.Serialize(writer, _value, _sourceGen);

    public override void PopcornDefault(Utf8JsonWriter writer) => Write(writer, _plans.Default);

    public override void PopcornAll(Utf8JsonWriter writer) => Write(writer, _plans.All);

    public override void PopcornFull(Utf8JsonWriter writer) => Write(writer, _plans.Full);

    public override void PopcornCustom(Utf8JsonWriter writer) => Write(writer, _plans.Custom);

    public override void StjWithoutSecrets(Utf8JsonWriter writer) => JsonSerializer.Serialize(writer, _value, _withoutSecrets);

    // As Popcorn.Server's SequenceWriter writes a list: the writer's sequence entry point, pausing every 16 KB
    // (ResponseBody.FlushThreshold) for the flush a server would make there (nothing is flushed here).
    private void Write(Utf8JsonWriter writer, SelectionPlan plan)
    {
        const int flushThreshold = 16 * 1024;
        var items = CollectionsMarshal.AsSpan(_value);
        writer.WriteStartArray();
        for (int start = 0; start < items.Length;)
        {
            start += _popcorn.WriteElements(writer, items[start..], plan, flushThreshold);
        }

        writer.WriteEndArray();
    }
}
