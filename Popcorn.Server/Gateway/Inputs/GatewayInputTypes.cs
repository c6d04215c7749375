using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The gateway's input types, read from the app's System.Text.Json metadata: the <see cref="JsonTypeInfo"/> of each
/// resolver parameter that is neither a scalar nor a service, found through ASP.NET Core's JSON options (where an app
/// already puts its <c>JsonSerializerContext</c> for request bodies) and then through Popcorn's own contexts. The JSON
/// names, required members and nullability are the ones the app's deserializer uses, so what the schema says is what
/// reading the value does. Members marked <c>[Never]</c> in a Popcorn context are left out: they cannot be set.
/// </summary>
internal sealed class GatewayInputTypes(IReadOnlyList<JsonSerializerOptions> sources, PopcornRegistry registry)
{
    /// <summary>How deep input objects and lists may nest in a value: deeper values are refused before anything runs.</summary>
    public const int MaxDepth = 16;

    /// <summary>The most items one list in an input value may hold.</summary>
    public const int MaxListLength = 10_000;

    private readonly Dictionary<Type, InputShape> _shapes = [];
    private readonly Dictionary<string, Type> _names = new(StringComparer.Ordinal);

    /// <summary>Every input object described so far, in the order they were met.</summary>
    public List<ObjectInput> Objects { get; } = [];

    /// <summary>Every enum described so far, in the order they were met.</summary>
    public List<EnumInput> Enums { get; } = [];

    /// <summary>A copy of <see cref="Enums"/>: a schema built for a caller while another is built may meet a model's enum first.</summary>
    public EnumInput[] EnumsSoFar()
    {
        lock (_shapes)
        {
            return [.. Enums];
        }
    }

    /// <summary>The type's metadata as the app reads it from JSON, or null when no source knows it.</summary>
    public JsonTypeInfo? TypeInfo(Type type)
    {
        foreach (var options in sources)
        {
            if (options.TryGetTypeInfo(type, out var info))
            {
                return info;
            }
        }

        return null;
    }

    /// <summary>True when <paramref name="type"/> is read as an input object (a class, record or struct the JSON metadata knows as an object).</summary>
    public bool IsInputObject(Type type) =>
        !type.IsPrimitive && type != typeof(string) && TypeInfo(type) is { Kind: JsonTypeInfoKind.Object };

    /// <summary>The shape of an input of <paramref name="type"/>; throws at startup for a type GraphQL cannot take.</summary>
    public InputShape Describe(Type type)
    {
        lock (_shapes)
        {
            return DescribeLocked(type, 0);
        }
    }

    private InputShape DescribeLocked(Type type, int depth)
    {
        if (_shapes.TryGetValue(type, out var known))
        {
            return known;
        }

        if (depth > MaxDepth)
        {
            throw new InvalidOperationException($"The input type {type} nests deeper than {MaxDepth} levels.");
        }

        var underlying = Nullable.GetUnderlyingType(type) ?? type;
        if (ScalarName(underlying) is { } scalar)
        {
            return new ScalarInput(scalar);
        }

        var info = TypeInfo(underlying) ?? throw new InvalidOperationException(
            $"The gateway cannot read an input of type {type}: add it to the app's JsonSerializerContext (ConfigureHttpJsonOptions) or to a Popcorn context.");
        if (underlying.IsEnum)
        {
            return DescribeEnum(underlying, info);
        }

        switch (info.Kind)
        {
            case JsonTypeInfoKind.Enumerable when info.ElementType is { } element:
                var item = DescribeLocked(element, depth + 1);
                return new ListInput(item, Nullable.GetUnderlyingType(element) is not null);
            case JsonTypeInfoKind.Object:
                return DescribeObject(underlying, info, depth);
            default:
                throw new InvalidOperationException($"The gateway cannot take an input of type {type}: it is read from JSON as a {info.Kind}, which GraphQL has no input type for.");
        }
    }

    private ObjectInput DescribeObject(Type type, JsonTypeInfo info, int depth)
    {
        var input = new ObjectInput(UniqueName(type, type.Name), info);
        _shapes[type] = input;
        Objects.Add(input);
        var model = registry.FindWriter(type)?.Metadata;
        foreach (var property in info.Properties)
        {
            var field = model?.Fields.FirstOrDefault(f => f.WireName == property.Name);
            if (property.Set is null && property.AssociatedParameter is null || field is { IsNever: true })
            {
                // A member that cannot be set, or one Popcorn never shows, is not part of the input at all.
                continue;
            }

            var propertyType = property.PropertyType;
            bool nullable = Nullable.GetUnderlyingType(propertyType) is not null
                || (!propertyType.IsValueType && (property.AssociatedParameter?.IsNullable ?? property.IsSetNullable));
            bool required = property.IsRequired || property.AssociatedParameter is { HasDefaultValue: false, IsMemberInitializer: false };
            var shape = DescribeLocked(propertyType, depth + 1);
            if (ConvertsItsOwnWay(property, shape))
            {
                shape = AsString(shape);
            }

            input.Members.Add(new InputMember(property.Name, shape, nullable, required, field));
        }

        return input;
    }

    /// <summary>
    /// Whether the app reads a date member with a converter of its own (on the member, or for its type in the options):
    /// nothing is known of the text it takes then, so the member stays a <c>String</c>, as a model's field does.
    /// </summary>
    private static bool ConvertsItsOwnWay(JsonPropertyInfo property, InputShape shape)
    {
        if (!DateScalars.IsDateScalar(shape.NamedType))
        {
            return false;
        }

        var type = property.PropertyType;
        var date = shape is ListInput && property.Options.TryGetTypeInfo(type, out var list) ? list.ElementType : type;
        date = date is null ? null : Nullable.GetUnderlyingType(date) ?? date;
        return property.CustomConverter is not null
            || property.Options.Converters.Any(c => c.CanConvert(type) || (date is not null && c.CanConvert(date)));
    }

    private static InputShape AsString(InputShape shape) => shape switch
    {
        ListInput list => list with { Item = AsString(list.Item) },
        _ => new ScalarInput("String"),
    };

    /// <summary>
    /// The GraphQL type of the enum <paramref name="type"/> as <paramref name="info"/> writes it, described once and
    /// shared by inputs and outputs: a model's enum field and a mutation's enum argument are one GraphQL enum.
    /// </summary>
    public InputShape EnumType(Type type, JsonTypeInfo info)
    {
        lock (_shapes)
        {
            return _shapes.TryGetValue(type, out var known) ? known : DescribeEnum(type, info);
        }
    }

    /// <summary>
    /// An enum as the app writes it: serializing each value through its <see cref="JsonTypeInfo"/> says whether it is
    /// a string (a GraphQL enum of the written names) or a number (an <c>Int</c>), with no reflection over the enum.
    /// </summary>
    private InputShape DescribeEnum(Type type, JsonTypeInfo info)
    {
        var names = new List<string>();
        foreach (object raw in Enum.GetValuesAsUnderlyingType(type))
        {
            string written = JsonSerializer.Serialize(Enum.ToObject(type, raw), info);
            if (!written.StartsWith('"'))
            {
                _shapes[type] = new ScalarInput("Int");
                return _shapes[type];
            }

            using var document = JsonDocument.Parse(written);
            string name = document.RootElement.GetString()!;
            if (!SelectionParser.IsValidFieldName(name) || name is "true" or "false" or "null")
            {
                throw new InvalidOperationException($"The enum {type} writes the value '{name}', which is not a GraphQL name; give it a [JsonStringEnumMemberName] that is one.");
            }

            if (!names.Contains(name))
            {
                names.Add(name);
            }
        }

        var shape = new EnumInput(UniqueName(type, type.Name), names);
        _shapes[type] = shape;
        Enums.Add(shape);
        return shape;
    }

    private string UniqueName(Type type, string name)
    {
        // Generic and nested types: GraphQL names cannot hold '`' or '+'.
        name = new string(name.Where(c => char.IsAsciiLetterOrDigit(c) || c == '_').ToArray());
        string unique = name;
        for (int i = 2; _names.TryGetValue(unique, out var other) && other != type; i++)
        {
            unique = name + i;
        }

        _names[unique] = type;
        return unique;
    }

    private static string? ScalarName(Type type) =>
        type == typeof(int) || type == typeof(short) || type == typeof(byte) || type == typeof(sbyte) || type == typeof(ushort) || type == typeof(long) || type == typeof(uint) ? "Int"
        : type == typeof(double) || type == typeof(float) || type == typeof(decimal) ? "Float"
        : type == typeof(bool) ? "Boolean"
        : type == typeof(Guid) ? "ID"
        : type == typeof(string) || type == typeof(TimeSpan) || type == typeof(char) ? "String"
        : DateScalars.NameOf(type);
}
