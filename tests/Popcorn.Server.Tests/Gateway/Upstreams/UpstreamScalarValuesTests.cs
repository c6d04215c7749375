using System.Text;
using System.Text.Json;

namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>
/// The gateway takes a service's scalar exactly when System.Text.Json reads it as the declared type: each value below
/// is tried both ways, so a .NET client reading the gateway's answer never meets a value the gateway let through and it
/// cannot read, and the gateway never refuses one it can.
/// </summary>
public sealed class UpstreamScalarValuesTests
{
    private static readonly string[] s_values =
    [
        "0", "1", "-1", "255", "256", "-129", "32767", "32768", "65536", "2147483647", "2147483648", "-2147483649",
        "4294967296", "9223372036854775807", "9223372036854775808", "18446744073709551616", "1.5", "1.0", "1e3", "-0",
        "1e39", "1e309", "79228162514264337593543950336", "0.1",
        "\"\"", "\"x\"", "\"xy\"", "\"\\u00e9\"", "\"1\"", "\"2026-01-02\"", "\"2026-02-30\"", "\"2026-01-02T03:04:05\"",
        "\"2026-01-02T03:04:05Z\"", "\"2026-01-02T03:04:05.1234567+02:00\"", "\"2026-01-02 03:04:05\"", "\"03:04:05\"",
        "\"03:04\"", "\"25:00:00\"", "\"1.02:03:04\"", "\"-00:00:01\"", "\"3fa85f64-5717-4562-b3fc-2c963f66afa6\"",
        "\"{3fa85f64-5717-4562-b3fc-2c963f66afa6}\"", "\"3fa85f6457174562b3fc2c963f66afa6\"", "true", "false",
    ];

    public static TheoryData<string> Types() => new()
    {
        "byte", "sbyte", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "decimal",
        "string", "char", "DateTime", "DateTimeOffset", "DateOnly", "TimeOnly", "TimeSpan", "Guid", "bool",
    };

    [Theory]
    [MemberData(nameof(Types))]
    public void ScalarOfAType_IsTakenExactlyWhenSystemTextJsonReadsItAsThatType(string typeName)
    {
        var scalar = UpstreamScalars.Of(typeName);
        var clrType = ClrTypeOf(typeName);
        foreach (string json in s_values)
        {
            bool reads = Reads(json, clrType);
            Copies(json, scalar).ShouldBe(reads, $"{json} as {typeName}: System.Text.Json {(reads ? "reads" : "refuses")} it");
        }
    }

    [Fact]
    public void TypeTheGatewayDoesNotKnow_TakesAnyScalar()
    {
        var scalar = UpstreamScalars.Of("OrderStatus");

        scalar.ShouldBe(UpstreamScalar.Any);
        s_values.ShouldAllBe(json => Copies(json, scalar));
    }

    private static bool Copies(string json, UpstreamScalar scalar)
    {
        var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(json));
        reader.Read();
        using var output = new MemoryStream();
        using var writer = new Utf8JsonWriter(output);
        bool copied = UpstreamScalarCopy.TryWrite(ref reader, writer, scalar) is null;
        writer.Flush();
        if (copied)
        {
            Encoding.UTF8.GetString(output.ToArray()).ShouldBe(json); // as the service wrote it
        }

        return copied;
    }

#pragma warning disable IL2026, IL3050 // reflection-based reading is the reference here
    private static bool Reads(string json, Type type)
    {
        try
        {
            JsonSerializer.Deserialize(json, type);
            return true;
        }
        catch (JsonException)
        {
            return false;
        }
    }
#pragma warning restore IL2026, IL3050

    private static Type ClrTypeOf(string typeName) => typeName switch
    {
        "byte" => typeof(byte),
        "sbyte" => typeof(sbyte),
        "short" => typeof(short),
        "ushort" => typeof(ushort),
        "int" => typeof(int),
        "uint" => typeof(uint),
        "long" => typeof(long),
        "ulong" => typeof(ulong),
        "float" => typeof(float),
        "double" => typeof(double),
        "decimal" => typeof(decimal),
        "string" => typeof(string),
        "char" => typeof(char),
        "bool" => typeof(bool),
        _ => Type.GetType("System." + typeName, throwOnError: true)!,
    };
}
