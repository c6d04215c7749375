using System.Buffers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Popcorn.Generator.Tests.Models;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>Writes with the generated writers and with System.Text.Json, into strings.</summary>
internal static class WriteHelper
{
    /// <summary>The test context with <c>ReferenceHandler.IgnoreCycles</c>, for data that cycles.</summary>
    public static readonly TestJsonContext IgnoreCycles = new(new JsonSerializerOptions(TestJsonContext.Default.Options)
    {
        ReferenceHandler = ReferenceHandler.IgnoreCycles,
        TypeInfoResolver = null,
    });

    public static PopcornTypeWriter<T> Writer<T>(IPopcornContext context) =>
        (PopcornTypeWriter<T>)(context.GetWriter(typeof(T)) ?? throw new InvalidOperationException($"No writer for {typeof(T)}."));

    public static SelectionPlan Plan<T>(IPopcornContext context, string? selection) =>
        PlanCompiler.Compile(Writer<T>(context).Metadata, SelectionParser.Parse(selection));

    /// <summary>A plan as <c>/graphql</c> compiles one: the GraphQL specification's response shape.</summary>
    public static SelectionPlan GraphQLPlan<T>(IPopcornContext context, string document, SelectionParserOptions? limits = null) =>
        PlanCompiler.Compile(Writer<T>(context).Metadata, SelectionParser.Parse(document, limits), new PlanCompilerOptions { Semantics = SelectionSemantics.GraphQL });

    public static string Write<T>(IPopcornContext context, T value, string? selection) =>
        Write(context, value, Plan<T>(context, selection));

    public static string Write<T>(IPopcornContext context, T value, SelectionPlan plan, JsonWriterOptions options = default)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer, options))
        {
            Writer<T>(context).Write(writer, value, plan);
        }

        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    public static string Stj<T>(JsonSerializerContext context, T value)
    {
        var typeInfo = (JsonTypeInfo<T>)context.GetTypeInfo(typeof(T))!;
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer))
        {
            JsonSerializer.Serialize(writer, value, typeInfo);
        }

        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }
}
