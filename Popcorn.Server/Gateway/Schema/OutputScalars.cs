using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The GraphQL type of a model's scalar values at <c>/graphql</c>, read at startup from how the app's Popcorn
/// contexts write them (their <see cref="JsonTypeInfo"/>; no reflection over members): an enum written as strings is
/// the GraphQL enum of its written names (the same type a mutation argument of that enum has), a number-written one
/// <c>Int</c>; dates and times are the scalars below, so clients' code generators type them; a member with a
/// converter of its own, a date type the options convert their own way, and everything else keep the mapping by type name (<c>Int</c>, <c>Float</c>,
/// <c>Boolean</c>, <c>ID</c>, <c>String</c>). REST and the bytes written do not change: only the schema says more.
/// Inputs of these types take the same scalars (<see cref="Use"/>; <see cref="DateScalars"/> reads their values).
/// </summary>
internal sealed class OutputScalars
{
    /// <summary>C# <see cref="DateTimeOffset"/>: RFC 3339, always with an offset.</summary>
    public static readonly SchemaType DateTime = Scalar(
        DateScalars.DateTime,
        "A date and time with its UTC offset (RFC 3339), e.g. `2026-01-05T09:00:00+00:00`: a C# DateTimeOffset.",
        "https://scalars.graphql.org/andimarek/date-time.html");

    /// <summary>C# <see cref="System.DateTime"/>, whose offset depends on the value's <see cref="DateTimeKind"/>.</summary>
    public static readonly SchemaType IsoDateTime = Scalar(
        DateScalars.IsoDateTime,
        "A date and time in ISO 8601 as a C# DateTime is written: with `Z` when its kind is UTC, with the offset when it is local, "
        + "and without either when it is unspecified (e.g. `2026-01-05T09:00:00`, as a DateTime read back from SQLite is). "
        + "Not RFC 3339, which always has an offset, so it names no specification; a DateTimeOffset member is a `DateTime`.",
        specifiedBy: null);

    /// <summary>C# <see cref="DateOnly"/>.</summary>
    public static readonly SchemaType LocalDate = Scalar(
        DateScalars.LocalDate,
        "A date without a time or time zone, `YYYY-MM-DD`: a C# DateOnly.",
        "https://scalars.graphql.org/andimarek/local-date.html");

    /// <summary>C# <see cref="TimeOnly"/>.</summary>
    public static readonly SchemaType LocalTime = Scalar(
        DateScalars.LocalTime,
        "A time of day without a date or time zone, `hh:mm:ss` with optional fractional seconds: a C# TimeOnly.",
        "https://scalars.graphql.org/chillicream/local-time.html");

    private static readonly SchemaType[] s_dateScalars = [DateTime, IsoDateTime, LocalDate, LocalTime];

    private readonly Dictionary<TypeMetadata, Type> _modelTypes = [];
    private readonly List<JsonSerializerOptions> _contexts = [];
    private readonly GatewayInputTypes? _enums;
    private readonly HashSet<SchemaType> _used = [];

    // Whether the gateway's plans refuse null elements (GraphQL semantics); under Popcorn's, a null element is written.
    private readonly bool _refusesNullElements;

    public OutputScalars(PopcornRegistry registry, GatewayInputTypes? enums)
    {
        _refusesNullElements = !registry.Options.GatewayUsesPopcornSemantics;
        foreach (var writer in registry.Writers)
        {
            _modelTypes.TryAdd(writer.Metadata, writer.Type);
        }

        foreach (var context in registry.Options.Contexts)
        {
            if (context is System.Text.Json.Serialization.JsonSerializerContext json)
            {
                _contexts.Add(json.Options);
            }
        }

        _enums = enums;
    }

    /// <summary>The date and time scalars the fields described so far use, in a fixed order (the SDL's).</summary>
    public IEnumerable<SchemaType> UsedScalars => s_dateScalars.Where(_used.Contains);

    /// <summary>
    /// The named GraphQL type of <paramref name="field"/>'s value, or of its elements when <paramref name="element"/>
    /// (a list of scalars); <paramref name="byTypeName"/> gives the mapping by type name when the app's metadata says
    /// nothing more (an upstream service's type, a member the contexts do not know).
    /// </summary>
    public string NamedTypeOf(FieldMetadata field, bool element, Func<string> byTypeName)
    {
        if (PropertyOf(field) is not { CustomConverter: null } property)
        {
            return byTypeName();
        }

        var options = property.Options;
        var type = property.PropertyType;
        if (element)
        {
            if (!options.TryGetTypeInfo(type, out var list) || list.ElementType is not { } elementType)
            {
                return byTypeName();
            }

            type = elementType;
        }

        type = Nullable.GetUnderlyingType(type) ?? type;
        if (type.IsEnum)
        {
            // Written through its JsonTypeInfo, whatever converter the app chose (JsonStringEnumConverter in the
            // options' Converters, UseStringEnumConverter, a member name attribute): the written names are the values.
            return _enums is not null && options.TryGetTypeInfo(type, out var info) ? _enums.EnumType(type, info).NamedType : byTypeName();
        }

        if (options.Converters.Any(c => c.CanConvert(type)))
        {
            // The app writes this date its own way: nothing is known about the text but that it is a string.
            return byTypeName();
        }

        var scalar = type == typeof(DateTimeOffset) ? DateTime
            : type == typeof(System.DateTime) ? IsoDateTime
            : type == typeof(DateOnly) ? LocalDate
            : type == typeof(TimeOnly) ? LocalTime
            : null;
        if (scalar is null)
        {
            return byTypeName();
        }

        _used.Add(scalar);
        return scalar.Name;
    }

    /// <summary>
    /// The date or time scalar <paramref name="field"/>'s values are (<c>DateTime</c>, <c>IsoDateTime</c>,
    /// <c>LocalDate</c>, <c>LocalTime</c>; the same as its output type), null for any other field and for a date the app
    /// writes its own way. Its <c>where</c> comparison is typed by it (<see cref="ArgumentInputTypes"/>).
    /// </summary>
    public string? DateNameOf(FieldMetadata field)
    {
        string? name = NamedTypeOf(field, element: false, static () => string.Empty);
        return DateScalars.IsDateScalar(name) ? name : null;
    }

    /// <summary>
    /// The GraphQL enum <paramref name="field"/>'s values are (an enum the app writes as strings, without a converter of
    /// the member's own); null for any other field, a number-written enum included. Its <c>where</c> comparison is typed
    /// by it (<see cref="ArgumentInputTypes"/>).
    /// </summary>
    public string? EnumNameOf(FieldMetadata field)
    {
        if (_enums is null || PropertyOf(field) is not { CustomConverter: null } property)
        {
            return null;
        }

        var type = Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType;
        return type.IsEnum && property.Options.TryGetTypeInfo(type, out var info) && _enums.EnumType(type, info) is EnumInput enumeration
            ? enumeration.Name
            : null;
    }

    /// <summary>Declares the date scalar <paramref name="namedType"/> names, when it names one: an input of that type uses it.</summary>
    public void Use(string namedType)
    {
        if (Array.Find(s_dateScalars, s => s.Name == namedType) is { } scalar)
        {
            _used.Add(scalar);
        }
    }

    /// <summary>
    /// Whether no element of <paramref name="field"/>'s list can ever be written as <c>null</c>: its elements are of a
    /// value type that is not <c>Nullable&lt;T&gt;</c> (numbers, booleans, enums, dates, ids), which the generated writers
    /// write as a value always; or the list is <see cref="FieldFlags.NonNullElements"/> (strings or models declared
    /// non-null, a model that cannot lead back to itself) and the gateway's plans refuse a null element of it
    /// (<see cref="PlannedField.ElementsRequired"/>), which they do under GraphQL's semantics, not under
    /// <see cref="PopcornOptions.GatewayUsesPopcornSemantics"/>. Not when a converter of the app's writes the list or its
    /// elements, or the contexts do not describe the member of a model of the app's. An upstream service's list is what
    /// the service's schema says (<c>elementsNonNull</c>, read into <see cref="FieldFlags.NonNullElements"/>).
    /// </summary>
    public bool ElementsNeverNull(FieldMetadata field)
    {
        if (!_modelTypes.ContainsKey(field.DeclaringType))
        {
            // An upstream service's list: the service said so in its schema (its own SDL's promise), read into the flag.
            return _refusesNullElements && (field.Flags & FieldFlags.NonNullElements) != 0;
        }

        if (PropertyOf(field) is not { CustomConverter: null } property
            || !property.Options.TryGetTypeInfo(property.PropertyType, out var list)
            || list.ElementType is not { } elementType)
        {
            return false;
        }

        bool promised = elementType.IsValueType
            ? Nullable.GetUnderlyingType(elementType) is null
            : _refusesNullElements && (field.Flags & FieldFlags.NonNullElements) != 0;
        return promised && !property.Options.Converters.Any(c => c.CanConvert(elementType) || c.CanConvert(property.PropertyType));
    }

    private JsonPropertyInfo? PropertyOf(FieldMetadata field)
    {
        if (!_modelTypes.TryGetValue(field.DeclaringType, out var modelType))
        {
            return null;
        }

        foreach (var options in _contexts)
        {
            if (options.TryGetTypeInfo(modelType, out var info) && info.Kind == JsonTypeInfoKind.Object)
            {
                foreach (var property in info.Properties)
                {
                    if (property.Name == field.WireName)
                    {
                        return property;
                    }
                }
            }
        }

        return null;
    }

    private static SchemaType Scalar(string name, string description, string? specifiedBy) =>
        new(SchemaTypeKind.SCALAR, name, description, [], [], SpecifiedByUrl: specifiedBy);
}
