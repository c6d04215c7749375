using System.Buffers;
using System.Text.Json;
using BenchmarkDotNet.Attributes;

namespace Popcorn.Benchmarks.Serialization;

/// <summary>
/// The published Popcorn v2 comparison, reproduced: each path writes the bare payload (no envelope) into the same
/// reused buffer through the same reused <see cref="Utf8JsonWriter"/>, reset before every operation. Selections are
/// parsed and compiled in setup, which also fails the run unless <c>Popcorn_Full</c> writes System.Text.Json's bytes
/// less <c>SecretData</c>.
/// </summary>
[MemoryDiagnoser]
public class SerializationBenchmarks
{
    private readonly ArrayBufferWriter<byte> _buffer = new(256 * 1024);
    private Utf8JsonWriter _writer = null!;
    private PayloadCase _case = null!;

    [Params(Payload.Simple, Payload.SimpleList100, Payload.Complex, Payload.ComplexList25)]
    public Payload Payload { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _case = PayloadCase.Create(Payload);
        _case.Verify();
        _writer = new Utf8JsonWriter(_buffer);
    }

    [GlobalCleanup]
    public void Cleanup() => _writer.Dispose();

    [Benchmark(Baseline = true)]
    public int Stj_Reflection()
    {
        var writer = Begin();
        _case.StjReflection(writer);
        return End(writer);
    }

    [Benchmark]
    public int Stj_SourceGen()
    {
        var writer = Begin();
        _case.StjSourceGen(writer);
        return End(writer);
    }

    [Benchmark]
    public int Popcorn_Default()
    {
        var writer = Begin();
        _case.PopcornDefault(writer);
        return End(writer);
    }

    [Benchmark]
    public int Popcorn_All()
    {
        var writer = Begin();
        _case.PopcornAll(writer);
        return End(writer);
    }

    [Benchmark]
    public int Popcorn_Full()
    {
        var writer = Begin();
        _case.PopcornFull(writer);
        return End(writer);
    }

    [Benchmark]
    public int Popcorn_Custom()
    {
        var writer = Begin();
        _case.PopcornCustom(writer);
        return End(writer);
    }

    private Utf8JsonWriter Begin()
    {
        _buffer.ResetWrittenCount();
        _writer.Reset();
        return _writer;
    }

    private int End(Utf8JsonWriter writer)
    {
        writer.Flush();
        return _buffer.WrittenCount;
    }
}
