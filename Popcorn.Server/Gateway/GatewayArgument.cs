using System.Buffers;
using System.Globalization;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// A root field's argument: a resolver parameter bound from the GraphQL argument of the same name, a scalar converted
/// here or an input object (or list) read by the app's JSON metadata (<see cref="Input"/>).
/// </summary>
internal sealed class GatewayArgument
{
    private readonly Type _valueType;
    private readonly bool _acceptsNull;
    private readonly bool _hasDefault;
    private readonly object? _default;
    private readonly JsonTypeInfo? _inputTypeInfo;
    private readonly bool _isList;
    private readonly bool _elementsAcceptNull;

    /// <summary>An input object argument (or a list of them), read through <paramref name="typeInfo"/> as the app reads JSON.</summary>
    public GatewayArgument(ParameterInfo parameter, InputShape input, JsonTypeInfo typeInfo)
        : this(parameter)
    {
        Input = input;
        _inputTypeInfo = typeInfo;
        GraphQLType = InputTypes.Print(input) + (_acceptsNull || _hasDefault ? string.Empty : "!");
    }

    public GatewayArgument(ParameterInfo parameter)
    {
        Name = parameter.Name!;
        var underlying = Nullable.GetUnderlyingType(parameter.ParameterType);
        _valueType = underlying ?? parameter.ParameterType;
        _acceptsNull = underlying is not null
            || (!parameter.ParameterType.IsValueType && new NullabilityInfoContext().Create(parameter).WriteState != NullabilityState.NotNull);
        _hasDefault = parameter.HasDefaultValue;
        _default = parameter.HasDefaultValue ? parameter.DefaultValue : null;
        GraphQLType = ScalarName(_valueType) + (_acceptsNull || _hasDefault ? string.Empty : "!");
    }

    /// <summary>
    /// An upstream root field's argument, of the GraphQL type its service declares (<c>Int!</c>, <c>String</c>, an enum's
    /// name): checked here as far as the type says, then forwarded; the service binds it again.
    /// </summary>
    public GatewayArgument(string name, string graphQLType)
    {
        Name = name;
        GraphQLType = graphQLType;
        _acceptsNull = !graphQLType.EndsWith('!');
        string named = graphQLType.TrimEnd('!');
        if (named.StartsWith('[') && named.EndsWith(']'))
        {
            // A list of scalars (a plain service's `?id=1&id=2`): each element converted as the element type says.
            named = named[1..^1];
            _isList = true;
            _elementsAcceptNull = !named.EndsWith('!');
            named = named.TrimEnd('!');
        }

        _valueType = named switch
        {
            "Int" => typeof(long),
            "Float" => typeof(double),
            "Boolean" => typeof(bool),
            "String" or "ID" => typeof(string),
            _ => typeof(UpstreamEnumValue),
        };
    }

    public string Name { get; }

    /// <summary>The input shape of an input object argument; null for a scalar one.</summary>
    public InputShape? Input { get; }

    /// <summary>The argument's type in GraphQL SDL, e.g. <c>Int!</c>.</summary>
    public string GraphQLType { get; }

    /// <summary>
    /// True when a resolver parameter (or a REST route parameter) of <paramref name="type"/> is a scalar argument; dates
    /// are not among them (<see cref="IsDate"/>): the gateway binds them as date scalars, REST leaves them to ASP.NET Core.
    /// </summary>
    public static bool IsBindable(Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        return type.IsPrimitive || type.IsEnum || type == typeof(string) || type == typeof(decimal) || type == typeof(Guid);
    }

    /// <summary>True when a gateway resolver parameter of <paramref name="type"/> is a date scalar argument (<see cref="DateScalars"/>).</summary>
    public static bool IsDate(Type type) => DateScalars.NameOf(type) is not null;

    /// <summary>Converts the client's value, or explains why it does not fit.</summary>
    public bool TryBind(QueryValue? value, out object? bound, out string? error)
    {
        error = null;
        bound = null;
        if (value is null)
        {
            if (_hasDefault)
            {
                bound = _default;
                return true;
            }

            if (_acceptsNull)
            {
                return true;
            }

            error = $"Argument '{Name}' of type '{GraphQLType}' is required but not provided.";
            return false;
        }

        if (value.Kind == QueryValueKind.Null)
        {
            if (_acceptsNull)
            {
                return true;
            }

            error = $"Argument '{Name}' of type '{GraphQLType}' cannot be null.";
            return false;
        }

        if (Input is not null)
        {
            return TryReadInput(value, out bound, out error);
        }

        if (DateScalars.NameOf(_valueType) is { } date)
        {
            // A date scalar: read as System.Text.Json reads it, refused in the scalar's own words.
            if (value.Kind == QueryValueKind.String && DateScalars.TryRead(date, value.Text!, out bound))
            {
                return true;
            }

            error = $"Argument '{Name}' has an invalid value: {DateScalars.Error(date, value.Kind == QueryValueKind.String ? value.Text : null, Describe(value))}";
            return false;
        }

        if (_isList)
        {
            return TryBindList(value, out bound, out error);
        }

        bound = Convert(value);
        if (bound is null)
        {
            error = $"Argument '{Name}' expects a value of type '{GraphQLType.TrimEnd('!')}' but got {Describe(value)}.";
            return false;
        }

        return true;
    }

    /// <summary>
    /// A list argument's elements, converted one by one, as an array; a single value is a list of one, as GraphQL's input
    /// coercion makes it ("List", in the specification's "Input Coercion").
    /// </summary>
    private bool TryBindList(QueryValue value, out object? bound, out string? error)
    {
        bound = null;
        error = null;
        var items = value.Kind == QueryValueKind.List ? value.Items : [value];
        var elements = new object?[items.Count];
        for (int i = 0; i < elements.Length; i++)
        {
            var item = items[i];
            if (item.Kind == QueryValueKind.Null && _elementsAcceptNull)
            {
                continue;
            }

            if ((elements[i] = item.Kind == QueryValueKind.Null ? null : Convert(item)) is null)
            {
                error = $"Argument '{Name}' expects a value of type '{GraphQLType.TrimEnd('!')}' but its element {i} is {Describe(item)}.";
                return false;
            }
        }

        bound = elements;
        return true;
    }

    /// <summary>
    /// Writes an input value as JSON and reads it once with the app's metadata, so a value its deserializer refuses (a
    /// date that does not parse) is an error before anything runs; the bytes are kept and read again for every call
    /// (<see cref="InputArgumentValue"/>), so no resolver ever shares an instance with another request.
    /// </summary>
    private bool TryReadInput(QueryValue value, out object? bound, out string? error)
    {
        bound = null;
        error = null;
        var buffer = new ArrayBufferWriter<byte>();
        try
        {
            using (var json = new Utf8JsonWriter(buffer))
            {
                InputValueWriter.Write(json, value, Input!);
            }

            var bytes = buffer.WrittenMemory.ToArray();
            _ = JsonSerializer.Deserialize(bytes, _inputTypeInfo!);
            bound = new InputArgumentValue(bytes, _inputTypeInfo!);
            return true;
        }
        catch (InvalidInputException e)
        {
            error = $"Argument '{Name}' has an invalid value: {e.Message}";
        }
        catch (JsonException e)
        {
            // The deserializer's path ($.lines[0].when) says where; its message names CLR types, which stay private.
            string at = e.Path is { Length: > 1 } path ? $" at \"{Name}{path[1..]}\"" : string.Empty;
            error = $"Argument '{Name}' has a value{at} that cannot be read as type '{GraphQLType.TrimEnd('!')}'.";
        }

        return false;
    }

    /// <summary>
    /// The value as an error quotes it: short values as written, long ones cut to the excerpt limit. A variable can be
    /// as long as the request body, and a document can pass it to 256 aliased fields: quoting it whole would turn a
    /// 1 MB request into a 256 MB error response.
    /// </summary>
    private static string Describe(QueryValue value)
    {
        const int limit = PopcornQueryException.MaxExcerptLength;
        return value.Kind switch
        {
            QueryValueKind.List => $"a list of {value.Items.Count} items",
            QueryValueKind.Object => $"an object of {value.Fields.Count} fields",
            QueryValueKind.String when value.Text!.Length > limit => QueryValue.String(value.Text[..limit]) + "…",
            _ when value.Text is { Length: > limit } text => text[..limit] + "…",
            _ => value.ToString(),
        };
    }

    private object? Convert(QueryValue value)
    {
        var invariant = CultureInfo.InvariantCulture;
        string? text = value.Text;
        return value.Kind switch
        {
            QueryValueKind.Int when _valueType == typeof(int) => int.TryParse(text, NumberStyles.AllowLeadingSign, invariant, out int i) ? i : null,
            QueryValueKind.Int when _valueType == typeof(long) => long.TryParse(text, NumberStyles.AllowLeadingSign, invariant, out long l) ? l : null,
            QueryValueKind.Int when _valueType == typeof(short) => short.TryParse(text, NumberStyles.AllowLeadingSign, invariant, out short s) ? s : null,
            QueryValueKind.Int or QueryValueKind.Float when _valueType == typeof(double) => double.TryParse(text, NumberStyles.Float, invariant, out double d) ? d : null,
            QueryValueKind.Int or QueryValueKind.Float when _valueType == typeof(float) => float.TryParse(text, NumberStyles.Float, invariant, out float f) ? f : null,
            QueryValueKind.Int or QueryValueKind.Float when _valueType == typeof(decimal) => decimal.TryParse(text, NumberStyles.Float, invariant, out decimal m) ? m : null,
            QueryValueKind.Boolean when _valueType == typeof(bool) => text == "true",
            QueryValueKind.String when _valueType == typeof(string) => text,
            QueryValueKind.Int when _valueType == typeof(string) && GraphQLType.StartsWith("ID", StringComparison.Ordinal) => text,
            QueryValueKind.Enum when _valueType == typeof(UpstreamEnumValue) => new UpstreamEnumValue(text!),
            QueryValueKind.String or QueryValueKind.Int when _valueType == typeof(Guid) => Guid.TryParse(text, out var g) ? g : null,
            QueryValueKind.Enum or QueryValueKind.String when _valueType.IsEnum
                => Enum.TryParse(_valueType, text, ignoreCase: true, out var e) && Enum.IsDefined(_valueType, e!) ? e : null,
            _ => null,
        };
    }

    private static string ScalarName(Type type) =>
        type == typeof(int) || type == typeof(long) || type == typeof(short) || type == typeof(byte) ? "Int"
        : type == typeof(double) || type == typeof(float) || type == typeof(decimal) ? "Float"
        : type == typeof(bool) ? "Boolean"
        : type == typeof(Guid) ? "ID"
        : type.IsEnum ? type.Name
        : DateScalars.NameOf(type) ?? "String";
}
