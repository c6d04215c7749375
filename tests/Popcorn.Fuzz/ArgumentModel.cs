using Popcorn.Query;

namespace Popcorn.Fuzz;

/// <summary>
/// A model made for argument fuzzing (the sample domain has no <c>[Sortable]</c>/<c>[Filterable]</c> fields): a
/// <c>Holder</c> with a list of <c>Row</c>s whose fields cover every kind a <c>where</c> value is converted to (whole
/// numbers of several widths, decimals, floating point, strings, booleans, an enum, dates and times, a Guid, nullable
/// ones), a <c>[Never]</c> filterable field that must stay unknown, and rows to arrange in memory with what compiled.
/// </summary>
public static class ArgumentModel
{
    /// <summary>The rows' enum.</summary>
    public enum Status
    {
        Open,
        Shipped,
        Cancelled,
    }

    /// <summary>One element of the fuzzed list.</summary>
    public sealed record Row(int Id, long Big, short Small, byte Tiny, decimal Price, double Ratio, string Name, string? Note, bool Paid,
        Status State, DateTime At, DateTimeOffset Stamp, DateOnly Day, TimeOnly Time, TimeSpan Span, Guid Key, int? Maybe, string Secret);

    /// <summary>The element type.</summary>
    public static readonly TypeMetadata RowType = new("Row");

    /// <summary>The root type: <c>rows</c>, a list of <see cref="RowType"/>, and <c>row</c>, one.</summary>
    public static readonly TypeMetadata Holder = new("Holder");

    /// <summary>Rows with nulls, ties and extremes, to arrange with every accepted plan's arguments.</summary>
    public static readonly Row[] Rows = Enumerable.Range(0, 12).Select(i => new Row(
        Id: i, Big: i % 3 == 0 ? long.MaxValue - i : -i, Small: (short)(i * 1000), Tiny: (byte)(i * 20), Price: i * 1.25m,
        Ratio: i % 4 == 0 ? double.NaN : i / 3.0, Name: i % 2 == 0 ? "a" + i : "B" + i, Note: i % 3 == 0 ? null : "n" + (i % 2),
        Paid: i % 2 == 0, State: (Status)(i % 3), At: new DateTime(2026, 1, 1 + i, 0, 0, 0, DateTimeKind.Utc),
        Stamp: new DateTimeOffset(2026, 1, 1, i, 0, 0, TimeSpan.FromHours(i % 5)), Day: new DateOnly(2026, 2, 1 + i),
        Time: new TimeOnly(i, i), Span: TimeSpan.FromMinutes(i * 7), Key: new Guid(i, 0, 0, new byte[8]), Maybe: i % 2 == 0 ? null : i,
        Secret: "s" + i)).ToArray();

    static ArgumentModel()
    {
        const FieldFlags both = FieldFlags.Sortable | FieldFlags.Filterable;
        RowType.Initialize(
        [
            Field("id", "int", FieldFlags.Always | both, typeof(int), r => r.Id),
            Field("big", "long", both, typeof(long), r => r.Big),
            Field("small", "short", both, typeof(short), r => r.Small),
            Field("tiny", "byte", both, typeof(byte), r => r.Tiny),
            Field("price", "decimal", both, typeof(decimal), r => r.Price),
            Field("ratio", "double", both, typeof(double), r => r.Ratio),
            Field("name", "string", both, typeof(string), r => r.Name),
            Field("note", "string?", both, typeof(string), r => r.Note, nullable: true),
            Field("paid", "bool", FieldFlags.Filterable, typeof(bool), r => r.Paid),
            Field("state", "Status", both, typeof(Status), r => r.State),
            Field("at", "DateTime", both, typeof(DateTime), r => r.At),
            Field("stamp", "DateTimeOffset", both, typeof(DateTimeOffset), r => r.Stamp),
            Field("day", "DateOnly", both, typeof(DateOnly), r => r.Day),
            Field("time", "TimeOnly", both, typeof(TimeOnly), r => r.Time),
            Field("span", "TimeSpan", both, typeof(TimeSpan), r => r.Span),
            Field("key", "Guid", FieldFlags.Filterable, typeof(Guid), r => r.Key),
            Field("maybe", "int?", both, typeof(int?), r => r.Maybe, nullable: true),
            Field("secret", "string", FieldFlags.Never | both, typeof(string), r => r.Secret),
        ]);
        Holder.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int"),
            new FieldMetadata("rows", FieldKind.List, "List<Row>", elementType: RowType),
            new FieldMetadata("row", FieldKind.Object, "Row", elementType: RowType),
        ]);
    }

    /// <summary>Every sortable or filterable field name, the <c>[Never]</c> one included (it must stay unknown).</summary>
    public static readonly string[] FieldNames = ["id", "big", "small", "tiny", "price", "ratio", "name", "note", "paid", "state", "at", "stamp", "day", "time", "span", "key", "maybe", "secret"];

    private static FieldMetadata Field(string name, string typeName, FieldFlags flags, Type type, Func<Row, object?> read, bool nullable = false) =>
        new(name, FieldKind.Scalar, typeName, flags, isNullable: nullable, valueType: type, getter: row => read((Row)row));
}
