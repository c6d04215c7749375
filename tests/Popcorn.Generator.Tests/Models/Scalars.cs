namespace Popcorn.Generator.Tests.Models;

/// <summary>Every scalar Popcorn writes with a typed call, and their nullable forms.</summary>
public class AllScalars
{
    public bool Boolean { get; set; }

    public byte Byte { get; set; }

    public sbyte SByte { get; set; }

    public short Int16 { get; set; }

    public ushort UInt16 { get; set; }

    public int Int32 { get; set; }

    public uint UInt32 { get; set; }

    public long Int64 { get; set; }

    public ulong UInt64 { get; set; }

    public float Single { get; set; }

    public double Double { get; set; }

    public decimal Decimal { get; set; }

    public char Char { get; set; }

    public string String { get; set; } = string.Empty;

    public string? NullableString { get; set; }

    public Guid Guid { get; set; }

    public DateTime DateTime { get; set; }

    public DateTimeOffset DateTimeOffset { get; set; }

    public DateOnly DateOnly { get; set; }

    public TimeOnly TimeOnly { get; set; }

    public TimeSpan TimeSpan { get; set; }

    public Uri? Uri { get; set; }

    public byte[]? Bytes { get; set; }

    public Status Status { get; set; }

    public Color Color { get; set; }

    public int? NullableInt32 { get; set; }

    public double? NullableDouble { get; set; }

    public bool? NullableBoolean { get; set; }

    public Guid? NullableGuid { get; set; }

    public DateTime? NullableDateTime { get; set; }

    public TimeSpan? NullableTimeSpan { get; set; }

    public char? NullableChar { get; set; }

    public Status? NullableStatus { get; set; }

    public object? Anything { get; set; }
}
