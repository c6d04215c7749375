namespace Popcorn.Query;

/// <summary>
/// What a database computed for one integer field over the elements an aggregate keeps, for one parent row
/// (<see cref="PopcornAggregates.Store(object, PlannedField, long, IReadOnlyList{IntegerTotals})"/>): enough to write
/// every measure of that field exactly as the in-memory path would. Only for fields of 32 bits or fewer, whose sum
/// cannot overflow a <see cref="long"/> over fewer than 2^31 elements.
/// </summary>
/// <param name="Field">The element's field measured.</param>
/// <param name="ValueCount">How many kept elements have a value (SQL's <c>COUNT(x)</c>); 0 writes every measure of it as null.</param>
/// <param name="Sum">The sum of its values (<c>SUM(x)</c>).</param>
/// <param name="Minimum">The least value (<c>MIN(x)</c>).</param>
/// <param name="Maximum">The greatest value (<c>MAX(x)</c>).</param>
public readonly record struct IntegerTotals(FieldMetadata Field, long ValueCount, long Sum, long Minimum, long Maximum)
{
    /// <summary>Whether totals can stand for the values of a field of <paramref name="valueType"/>: an integer of 32 bits or fewer, nullable or not.</summary>
    public static bool CanStandFor(Type valueType)
    {
        ArgumentNullException.ThrowIfNull(valueType);
        var type = Nullable.GetUnderlyingType(valueType) ?? valueType;
        return type == typeof(int) || type == typeof(short) || type == typeof(byte) || type == typeof(sbyte) || type == typeof(ushort);
    }
}
