using System.Buffers;
using System.Globalization;
using System.Linq.Dynamic.Core;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Newtonsoft.Json;
using Popcorn.Benchmarks.Data;
using Popcorn.Benchmarks.Models;
using Popcorn.Benchmarks.Serialization;
using Popcorn.Query;

namespace Popcorn.Benchmarks.Peers;

/// <summary>
/// What one request of a <c>?fields=</c> route costs, selection text to bytes, on the 100 flat objects of
/// <c>SimpleList100</c>: Popcorn (a plan-cache hit for the selection text, then the generated writer) against the two
/// routes a REST team writes without it: System.Linq.Dynamic.Core building a <c>Select</c> from the field list, then
/// System.Text.Json writing the projected objects; and Newtonsoft.Json with a contract resolver built per request that
/// drops the other properties. Every route writes the same bytes, checked in setup.
/// </summary>
[MemoryDiagnoser]
public class DiyRouteBenchmarks
{
    private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);
    private readonly MemoryStream _stream = new(64 * 1024);
    private readonly SelectionPlanCache _plans = new();
    private List<SimpleModel> _items = null!;
    private PopcornTypeWriter<SimpleModel> _popcorn = null!;
    private Utf8JsonWriter _writer = null!;
    private StreamWriter _text = null!;
    private string _include = "";
    private string _fields = "";

    [Params(DiySelection.Narrow, DiySelection.Full)]
    public DiySelection Selection { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _items = BenchData.Instance.SimpleList;
        _popcorn = (PopcornTypeWriter<SimpleModel>)BenchJsonContext.Default.GetWriter(typeof(SimpleModel))!;
        _writer = new Utf8JsonWriter(_buffer);
        _text = new StreamWriter(_stream, new UTF8Encoding(false), 16 * 1024, leaveOpen: true);

        // A server reads new strings from every request: the routes are given copies, never the literals.
        _include = new string(DiySelectionText.Include(Selection).AsSpan());
        _fields = new string(DiySelectionText.Fields(Selection).AsSpan());
        Verify();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _writer.Dispose();
        _text.Dispose();
    }

    [Benchmark(Baseline = true)]
    public int Popcorn()
    {
        var plan = _plans.GetOrCompile(_popcorn.Metadata, _include);
        _buffer.ResetWrittenCount();
        _writer.Reset();
        var items = CollectionsMarshal.AsSpan(_items);
        _writer.WriteStartArray();
        for (int start = 0; start < items.Length;)
        {
            start += _popcorn.WriteElements(_writer, items[start..], plan, 16 * 1024);
        }

        _writer.WriteEndArray();
        _writer.Flush();
        return _buffer.WrittenCount;
    }

    [Benchmark]
    public int LinqDynamic_Stj()
    {
        // "new (Id, Name, ...)": System.Linq.Dynamic.Core makes (and caches) a class with those properties, and the
        // lambda is parsed and compiled on every call, as a route that builds it from the query string does.
        var projected = _items.AsQueryable().Select($"new ({_fields})").ToDynamicList();
        _buffer.ResetWrittenCount();
        _writer.Reset();
        System.Text.Json.JsonSerializer.Serialize(_writer, projected, PayloadCase.ReflectionOptions);
        _writer.Flush();
        return _buffer.WrittenCount;
    }

    [Benchmark]
    public int Newtonsoft_ContractResolver()
    {
        var names = new HashSet<string>(_fields.Split(','), StringComparer.Ordinal);
        var serializer = Newtonsoft.Json.JsonSerializer.Create(new JsonSerializerSettings
        {
            ContractResolver = new FieldFilteringContractResolver(names),
            DateFormatString = "yyyy'-'MM'-'dd'T'HH':'mm':'ss.FFFFFFFK",
            Culture = CultureInfo.InvariantCulture,
        });
        _stream.SetLength(0);
        serializer.Serialize(_text, _items);
        _text.Flush();
        return (int)_stream.Length;
    }

    /// <summary>Fails the run unless every route writes Popcorn's bytes.</summary>
    /// <exception cref="InvalidOperationException">A route wrote other bytes.</exception>
    public void Verify()
    {
        Popcorn();
        var expected = _buffer.WrittenSpan.ToArray();
        LinqDynamic_Stj();
        Check("LinqDynamic_Stj", _buffer.WrittenSpan.ToArray(), expected);
        Newtonsoft_ContractResolver();
        Check("Newtonsoft_ContractResolver", _stream.ToArray(), expected);
    }

    private static void Check(string route, byte[] actual, byte[] expected)
    {
        if (!actual.AsSpan().SequenceEqual(expected))
        {
            int at = actual.AsSpan().CommonPrefixLength(expected);
            throw new InvalidOperationException(
                $"{route} differs from Popcorn at byte {at} ({actual.Length} vs {expected.Length} bytes): " +
                $"…{Encoding.UTF8.GetString(actual, Math.Max(0, at - 30), Math.Min(60, actual.Length - Math.Max(0, at - 30)))}… vs " +
                $"…{Encoding.UTF8.GetString(expected, Math.Max(0, at - 30), Math.Min(60, expected.Length - Math.Max(0, at - 30)))}…");
        }
    }
}
