using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Writes a value (a sequence, or one object) as rows of a <see cref="RowSink"/>, flushing to the response as it goes.</summary>
internal abstract class RowWriter
{
    /// <summary>Writes every element of <paramref name="value"/> (or the one object, when <paramref name="isSequence"/> is false) as a row.</summary>
    public abstract ValueTask WriteAsync(ResponseBody body, RowSink sink, object? value, bool isSequence, SelectionPlan plan, HttpContext context);

    /// <summary>Builds the typed row writer of a model's writer, without reflection.</summary>
    public sealed class Factory : IPopcornTypeWriterVisitor<RowWriter>
    {
        public static readonly Factory Instance = new();

        public RowWriter Visit<T>(PopcornTypeWriter<T> writer) => new RowWriter<T>(writer);
    }
}
