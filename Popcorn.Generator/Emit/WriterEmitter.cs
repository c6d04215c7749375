using System;
using System.Collections.Generic;
using Popcorn.Generator.Model;
using static Popcorn.Generator.Emit.ContextEmitter;

namespace Popcorn.Generator.Emit;

/// <summary>
/// Emits one model type's writer: a plan-driven <c>WriteValue</c> (a loop over the plan's fields with a
/// switch on the field index) and a straight-line <c>WriteFull</c> for full plans, in the style of
/// System.Text.Json's fast path.
/// </summary>
internal sealed class WriterEmitter
{
    private const string Json = "global::System.Text.Json";
    private const string Query = "global::Popcorn.Query";

    private readonly ContextSpec _spec;
    private readonly ModelSpec _model;
    private readonly IReadOnlyDictionary<string, ModelSpec> _models;
    private readonly SourceWriter _w = new();
    private int _local;

    public WriterEmitter(ContextSpec spec, ModelSpec model, IReadOnlyDictionary<string, ModelSpec> models)
    {
        _spec = spec;
        _model = model;
        _models = models;
    }

    private string ValueType => _model.IsValueType ? _model.TypeName : _model.TypeName + "?";

    private bool TracksObjects => _model.InCycle && !_model.IsValueType;

    public string Emit()
    {
        OpenContext(_w, _spec);
        _w.Open("public static partial class PopcornWriters");
        _w.Line($"/// <summary>Writes <c>{DocText(_model.TypeOfName)}</c> to a <see cref=\"{Json}.Utf8JsonWriter\"/> as a <see cref=\"{Query}.SelectionPlan\"/> selects.</summary>");
        _w.Open($"{(_model.IsPublic ? "public" : "internal")} sealed class {_model.WriterName} : {Query}.PopcornTypeWriter<{_model.TypeName}>");
        EmitNames();
        EmitEntryPoints();
        EmitPlanWriter();
        EmitFullWriter();
        _w.Close();
        _w.Close();
        CloseContext(_w, _spec);
        return _w.ToString();
    }

    private void EmitNames()
    {
        foreach (var member in _model.Members)
        {
            if (!member.IsNever)
            {
                _w.Line($"private static readonly {Json}.JsonEncodedText {NameField(member)} = {Json}.JsonEncodedText.Encode({Literal(member.WireName)});");
            }
        }

        _w.Line($"private static readonly {Json}.JsonEncodedText s_typeName = {Json}.JsonEncodedText.Encode({Literal(_model.MetadataName)});");
        _w.Line();
    }

    private void EmitEntryPoints()
    {
        _w.Block($$"""
            private {{_model.WriterName}}()
            {
            }

            /// <summary>The writer's single instance.</summary>
            public static {{_model.WriterName}} Instance { get; } = new {{_model.WriterName}}();

            /// <inheritdoc />
            public override {{Query}}.TypeMetadata Metadata => PopcornMetadata.{{_model.Identifier}};

            /// <inheritdoc />
            public override void Write({{Json}}.Utf8JsonWriter writer, {{ValueType}} value, {{Query}}.SelectionPlan plan)
            {
                global::System.ArgumentNullException.ThrowIfNull(writer);
                global::System.ArgumentNullException.ThrowIfNull(plan);
                if (!global::System.Object.ReferenceEquals(plan.Type, PopcornMetadata.{{_model.Identifier}}))
                {
                    ThrowPlanMismatch(plan);
                }

            """);
        _w.Indent();
        if (_model.ReachesCycle)
        {
            // A write that throws leaves objects on the path; the next write must not see them.
            _w.Block($$"""
                int mark = {{Query}}.PopcornObjectPath.Mark;
                try
                {
                    WriteValue(writer, value, plan);
                }
                finally
                {
                    {{Query}}.PopcornObjectPath.Restore(mark);
                }
                """);
        }
        else
        {
            _w.Line("WriteValue(writer, value, plan);");
        }

        _w.Unindent();
        _w.Block($$"""
            }

            /// <summary>Writes <paramref name="value"/> in full: every selectable member, nested values in full.</summary>
            internal static void WriteFull({{Json}}.Utf8JsonWriter writer, {{ValueType}} value)
            {
            """);
        _w.Indent();
        if (!_model.IsValueType)
        {
            _w.Block("""
                if (value is null)
                {
                    writer.WriteNullValue();
                    return;
                }

                """);
        }

        _w.Line("WriteFullCore(writer, value);");
        _w.Close();
        _w.Line();
        _w.Block($$"""
            [global::System.Diagnostics.CodeAnalysis.DoesNotReturn]
            private static void ThrowPlanMismatch({{Query}}.SelectionPlan plan) =>
                throw new global::System.ArgumentException($"The plan was compiled for '{plan.Type.Name}', not for '{{_model.MetadataName}}'.", nameof(plan));

            """);
    }

    private void EmitPlanWriter()
    {
        _w.Line("/// <summary>Writes <paramref name=\"value\"/> as <paramref name=\"plan\"/> selects; only selected members are read.</summary>");
        _w.Open($"internal static void WriteValue({Json}.Utf8JsonWriter writer, {ValueType} value, {Query}.SelectionPlan plan)");
        if (!_model.IsValueType)
        {
            _w.Block("""
                if (value is null)
                {
                    writer.WriteNullValue();
                    return;
                }

                """);
        }

        _w.Block("""
            if (plan.IsFull)
            {
                WriteFullCore(writer, value);
                return;
            }

            """);
        EmitEnter();
        _w.Line("writer.WriteStartObject();");
        _w.Line("var fields = plan.Fields;");
        _w.Open("for (int i = 0; i < fields.Length; i++)");
        _w.Line("var field = fields[i];");
        _w.Open("switch (field.FieldIndex)");
        for (int index = 0; index < _model.Members.Count; index++)
        {
            var member = _model.Members[index];
            if (member.IsNever)
            {
                continue;
            }

            _local = 0;
            _w.Line($"case {Number(index)}:");
            _w.Open();
            string? child = null;
            if (member.ElementModel is not null)
            {
                child = "child";
                _w.Line($"var child = field.Child!;");
            }

            EmitMember(member, "field.EncodedOutputName", child, scoped: true);
            _w.Line("break;");
            _w.Close();
        }

        _w.Line($"case {Query}.PlannedField.TypeNameIndex:");
        _w.Line("    writer.WriteString(field.EncodedOutputName, s_typeName);");
        _w.Line("    break;");
        _w.Close();
        _w.Close();
        _w.Line();
        _w.Line("writer.WriteEndObject();");
        EmitExit();
        _w.Close();
        _w.Line();
    }

    private void EmitFullWriter()
    {
        _w.Open($"private static void WriteFullCore({Json}.Utf8JsonWriter writer, {_model.TypeName} value)");
        EmitEnter();
        _w.Line("writer.WriteStartObject();");
        foreach (var member in _model.Members)
        {
            if (!member.IsNever)
            {
                _local = 0;
                EmitMember(member, NameField(member), child: null, scoped: false);
            }
        }

        _w.Line("writer.WriteEndObject();");
        EmitExit();
        _w.Close();
    }

    private void EmitEnter()
    {
        if (TracksObjects)
        {
            _w.Block($$"""
                if (!{{Query}}.PopcornObjectPath.TryEnter(value))
                {
                    // Already on the path: a cycle, written as null like ReferenceHandler.IgnoreCycles.
                    writer.WriteNullValue();
                    return;
                }

                """);
        }

        if (_model.InCycle)
        {
            _w.Line($"{Query}.PopcornObjectPath.CheckDepth(writer, {Literal(_model.MetadataName)});");
        }
    }

    private void EmitExit()
    {
        if (TracksObjects)
        {
            _w.Line($"{Query}.PopcornObjectPath.Exit();");
        }
    }

    /// <summary>Writes one member under <paramref name="name"/>, honouring its ignore condition.</summary>
    private void EmitMember(MemberSpec member, string name, string? child, bool scoped)
    {
        var shape = member.Shape;
        string access = "value." + Identifier(member.MemberName);
        if (member.Ignore == IgnoreKind.Never && IsDirect(shape))
        {
            EmitNamed(shape, name, access, child);
            return;
        }

        bool cycleToNull = member.Ignore != IgnoreKind.Never && shape.Kind == ShapeKind.Model && !shape.IsValueType && _models[shape.Target!].InCycle;
        bool braces = !scoped;
        if (braces)
        {
            _w.Open();
        }

        string v = Local("v");
        _w.Line(cycleToNull ? $"{Nullable(shape.TypeName)} {v} = {access};" : $"var {v} = {access};");
        if (cycleToNull)
        {
            // A value on the path counts as null before the ignore condition is applied, as in System.Text.Json.
            _w.Open($"if ({v} is not null && {Query}.PopcornObjectPath.Contains({v}))");
            _w.Line($"{v} = null;");
            _w.Close();
            _w.Line();
        }

        string? condition = member.Ignore switch
        {
            IgnoreKind.WhenWritingNull when !shape.IsValueType || shape.Kind == ShapeKind.Nullable => $"{v} is not null",
            IgnoreKind.WhenWritingDefault when !shape.IsValueType => $"{v} is not null",
            IgnoreKind.WhenWritingDefault => $"!global::System.Collections.Generic.EqualityComparer<{shape.TypeName}>.Default.Equals({v}, default)",
            _ => null,
        };

        if (condition is not null)
        {
            _w.Open($"if ({condition})");
        }

        EmitNamed(shape, name, v, child);
        if (condition is not null)
        {
            _w.Close();
        }

        if (braces)
        {
            _w.Close();
        }
    }

    /// <summary>Writes a property: its name, then the value, with the combined typed call where there is one.</summary>
    private void EmitNamed(ValueShape shape, string name, string value, string? child)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Primitive:
                EmitNamedPrimitive(shape.Primitive, name, value);
                return;
            case ShapeKind.NumericEnum:
                _w.Line($"writer.WriteNumber({name}, ({EnumCast(shape.Target!)}){value});");
                return;
            case ShapeKind.StringEnum:
            {
                string text = Local("text");
                _w.Open($"if (PopcornValues.TryGetName_{shape.Target}({value}, out var {text}))");
                _w.Line($"writer.WriteString({name}, {text});");
                _w.Close();
                _w.Open("else");
                _w.Line($"writer.WritePropertyName({name});");
                _w.Line($"PopcornValues.WriteUnnamed_{shape.Target}(writer, {value});");
                _w.Close();
                return;
            }

            case ShapeKind.Nullable:
            {
                _w.Open($"if ({value}.HasValue)");
                string inner = Local("n");
                _w.Line($"var {inner} = {value}.GetValueOrDefault();");
                EmitNamed(shape.Element!, name, inner, child);
                _w.Close();
                _w.Open("else");
                _w.Line($"writer.WriteNull({name});");
                _w.Close();
                return;
            }

            default:
                _w.Line($"writer.WritePropertyName({name});");
                EmitValue(shape, value, child);
                return;
        }
    }

    private void EmitNamedPrimitive(PrimitiveKind primitive, string name, string value)
    {
        switch (primitive)
        {
            case PrimitiveKind.Boolean:
                _w.Line($"writer.WriteBoolean({name}, {value});");
                break;
            case PrimitiveKind.Byte or PrimitiveKind.UInt16:
                _w.Line($"writer.WriteNumber({name}, (uint){value});");
                break;
            case PrimitiveKind.SByte or PrimitiveKind.Int16:
                _w.Line($"writer.WriteNumber({name}, (int){value});");
                break;
            case PrimitiveKind.Int32 or PrimitiveKind.UInt32 or PrimitiveKind.Int64 or PrimitiveKind.UInt64
                or PrimitiveKind.Single or PrimitiveKind.Double or PrimitiveKind.Decimal:
                _w.Line($"writer.WriteNumber({name}, {value});");
                break;
            case PrimitiveKind.String or PrimitiveKind.Guid or PrimitiveKind.DateTime or PrimitiveKind.DateTimeOffset:
                _w.Line($"writer.WriteString({name}, {value});");
                break;
            case PrimitiveKind.Char:
                _w.Line($"{Query}.PopcornValueWriter.WriteChar(writer, {name}, {value});");
                break;
            case PrimitiveKind.DateOnly or PrimitiveKind.TimeOnly or PrimitiveKind.TimeSpan:
                _w.Line($"{Query}.PopcornValueWriter.Write{primitive}(writer, {name}, {value});");
                break;
            case PrimitiveKind.Uri:
                _w.Line($"if ({value} is null) writer.WriteNull({name}); else writer.WriteString({name}, {value}.OriginalString);");
                break;
            case PrimitiveKind.ByteArray:
                _w.Line($"if ({value} is null) writer.WriteNull({name}); else writer.WriteBase64String({name}, {value});");
                break;
            default:
                throw new InvalidOperationException("Unknown primitive " + primitive);
        }
    }

    /// <summary>Writes a value at the current position (an array element, a dictionary value, after a property name).</summary>
    private void EmitValue(ValueShape shape, string value, string? child)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Primitive:
                EmitPrimitiveValue(shape.Primitive, value);
                break;
            case ShapeKind.NumericEnum:
                _w.Line($"writer.WriteNumberValue(({EnumCast(shape.Target!)}){value});");
                break;
            case ShapeKind.StringEnum:
            {
                string text = Local("text");
                _w.Line($"if (PopcornValues.TryGetName_{shape.Target}({value}, out var {text})) writer.WriteStringValue({text}); else PopcornValues.WriteUnnamed_{shape.Target}(writer, {value});");
                break;
            }

            case ShapeKind.Nullable:
            {
                _w.Open($"if ({value}.HasValue)");
                string inner = Local("n");
                _w.Line($"var {inner} = {value}.GetValueOrDefault();");
                EmitValue(shape.Element!, inner, child);
                _w.Close();
                _w.Open("else");
                _w.Line("writer.WriteNullValue();");
                _w.Close();
                break;
            }

            case ShapeKind.Model:
            {
                var model = _models[shape.Target!];
                _w.Line(child is null
                    ? $"{model.WriterName}.WriteFull(writer, {value});"
                    : $"{model.WriterName}.WriteValue(writer, {value}, {child});");
                break;
            }

            case ShapeKind.Delegated:
                _w.Line($"{Json}.JsonSerializer.Serialize(writer, {value}, PopcornValues.{shape.Target});");
                break;
            case ShapeKind.Converter:
                _w.Line($"{Query}.PopcornConverters.Write(writer, {value}, PopcornValues.{shape.Target}, PopcornValues.Options);");
                break;
            case ShapeKind.Sequence:
                EmitSequence(shape, value, child);
                break;
            case ShapeKind.Dictionary:
                EmitDictionary(shape, value, child);
                break;
        }
    }

    private void EmitPrimitiveValue(PrimitiveKind primitive, string value)
    {
        switch (primitive)
        {
            case PrimitiveKind.Boolean:
                _w.Line($"writer.WriteBooleanValue({value});");
                break;
            case PrimitiveKind.Byte or PrimitiveKind.UInt16:
                _w.Line($"writer.WriteNumberValue((uint){value});");
                break;
            case PrimitiveKind.SByte or PrimitiveKind.Int16:
                _w.Line($"writer.WriteNumberValue((int){value});");
                break;
            case PrimitiveKind.Int32 or PrimitiveKind.UInt32 or PrimitiveKind.Int64 or PrimitiveKind.UInt64
                or PrimitiveKind.Single or PrimitiveKind.Double or PrimitiveKind.Decimal:
                _w.Line($"writer.WriteNumberValue({value});");
                break;
            case PrimitiveKind.String or PrimitiveKind.Guid or PrimitiveKind.DateTime or PrimitiveKind.DateTimeOffset:
                _w.Line($"writer.WriteStringValue({value});");
                break;
            case PrimitiveKind.Char:
                _w.Line($"{Query}.PopcornValueWriter.WriteCharValue(writer, {value});");
                break;
            case PrimitiveKind.DateOnly or PrimitiveKind.TimeOnly or PrimitiveKind.TimeSpan:
                _w.Line($"{Query}.PopcornValueWriter.Write{primitive}Value(writer, {value});");
                break;
            case PrimitiveKind.Uri:
                _w.Line($"if ({value} is null) writer.WriteNullValue(); else writer.WriteStringValue({value}.OriginalString);");
                break;
            case PrimitiveKind.ByteArray:
                _w.Line($"if ({value} is null) writer.WriteNullValue(); else writer.WriteBase64StringValue({value});");
                break;
            default:
                throw new InvalidOperationException("Unknown primitive " + primitive);
        }
    }

    private void EmitSequence(ValueShape shape, string value, string? child)
    {
        var element = shape.Element!;
        bool nullable = !shape.IsValueType;
        if (nullable)
        {
            _w.Open($"if ({value} is null)");
            _w.Line("writer.WriteNullValue();");
            _w.Close();
            _w.Open("else");
        }

        _w.Line("writer.WriteStartArray();");
        switch (shape.Collection)
        {
            case CollectionKind.Array:
                EmitIndexedLoop(value, element, child);
                break;
            case CollectionKind.List:
            {
                string span = Local("span");
                _w.Line($"var {span} = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan({value});");
                EmitIndexedLoop(span, element, child);
                break;
            }

            case CollectionKind.ImmutableArray:
            {
                string span = Local("span");
                _w.Line($"var {span} = {value}.AsSpan();");
                EmitIndexedLoop(span, element, child);
                break;
            }

            case CollectionKind.Concrete:
                EmitForEach(value, element, child);
                break;
            case CollectionKind.SequenceInterface:
            {
                // Most sequences are lists or arrays at run time: index them instead of enumerating an interface.
                string list = Local("list");
                string array = Local("array");
                _w.Open($"if ((object){value} is global::System.Collections.Generic.List<{element.BareTypeName}> {list})");
                string span = Local("span");
                _w.Line($"var {span} = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan({list});");
                EmitIndexedLoop(span, element, child);
                _w.Close();
                _w.Open($"else if ((object){value} is {ArrayOf(element.BareTypeName)} {array})");
                EmitIndexedLoop(array, element, child);
                _w.Close();
                _w.Open("else");
                EmitForEach($"(global::System.Collections.Generic.IEnumerable<{element.TypeName}>){value}", element, child);
                _w.Close();
                break;
            }

            default:
                EmitForEach($"(global::System.Collections.Generic.IEnumerable<{element.TypeName}>){value}", element, child);
                break;
        }

        _w.Line("writer.WriteEndArray();");
        if (nullable)
        {
            _w.Close();
        }
    }

    private void EmitIndexedLoop(string items, ValueShape element, string? child)
    {
        string i = Local("i");
        string item = Local("item");
        _w.Open($"for (int {i} = 0; {i} < {items}.Length; {i}++)");
        _w.Line($"var {item} = {items}[{i}];");
        EmitValue(element, item, child);
        _w.Close();
    }

    private void EmitForEach(string items, ValueShape element, string? child)
    {
        string item = Local("item");
        _w.Open($"foreach (var {item} in {items})");
        EmitValue(element, item, child);
        _w.Close();
    }

    private void EmitDictionary(ValueShape shape, string value, string? child)
    {
        var key = shape.Key!;
        var element = shape.Element!;
        bool nullable = !shape.IsValueType;
        if (nullable)
        {
            _w.Open($"if ({value} is null)");
            _w.Line("writer.WriteNullValue();");
            _w.Close();
            _w.Open("else");
        }

        _w.Line("writer.WriteStartObject();");
        string pairs = $"global::System.Collections.Generic.IEnumerable<global::System.Collections.Generic.KeyValuePair<{key.TypeName}, {element.TypeName}>>";
        switch (shape.Collection)
        {
            case CollectionKind.Concrete:
                EmitPairs(value, key, element, child);
                break;
            case CollectionKind.DictionaryInterface:
            {
                string concrete = Local("dictionary");
                _w.Open($"if ((object){value} is global::System.Collections.Generic.Dictionary<{key.BareTypeName}, {element.BareTypeName}> {concrete})");
                EmitPairs(concrete, key, element, child);
                _w.Close();
                _w.Open("else");
                EmitPairs($"({pairs}){value}", key, element, child);
                _w.Close();
                break;
            }

            default:
                EmitPairs($"({pairs}){value}", key, element, child);
                break;
        }

        _w.Line("writer.WriteEndObject();");
        if (nullable)
        {
            _w.Close();
        }
    }

    private void EmitPairs(string pairs, ValueShape key, ValueShape element, string? child)
    {
        string pair = Local("pair");
        _w.Open($"foreach (var {pair} in {pairs})");
        EmitKey(key, $"{pair}.Key");
        string item = Local("item");
        _w.Line($"var {item} = {pair}.Value;");
        EmitValue(element, item, child);
        _w.Close();
    }

    /// <summary>Writes a dictionary key as System.Text.Json does; its DictionaryKeyPolicy applies to string keys only.</summary>
    private void EmitKey(ValueShape key, string value)
    {
        switch (key.Primitive)
        {
            case PrimitiveKind.String:
                _w.Line(_spec.DictionaryKeyPolicy is null
                    ? $"writer.WritePropertyName({value});"
                    : $"writer.WritePropertyName({Json}.JsonNamingPolicy.{_spec.DictionaryKeyPolicy}.ConvertName({value}));");
                break;
            case PrimitiveKind.SByte or PrimitiveKind.Int16 or PrimitiveKind.Int32 or PrimitiveKind.Int64:
                _w.Line($"{Query}.PopcornValueWriter.WritePropertyName(writer, (long){value});");
                break;
            case PrimitiveKind.Byte or PrimitiveKind.UInt16 or PrimitiveKind.UInt32 or PrimitiveKind.UInt64:
                _w.Line($"{Query}.PopcornValueWriter.WritePropertyName(writer, (ulong){value});");
                break;
            default:
                _w.Line($"{Query}.PopcornValueWriter.WritePropertyName(writer, {value});");
                break;
        }
    }

    /// <summary>True when the value needs no local: a single typed call writes it, null included.</summary>
    private static bool IsDirect(ValueShape shape) =>
        (shape.Kind == ShapeKind.Primitive && shape.Primitive is not (PrimitiveKind.Uri or PrimitiveKind.ByteArray))
        || shape.Kind == ShapeKind.NumericEnum;

    private static string EnumCast(string underlying) => underlying switch
    {
        "byte" or "ushort" or "uint" => "uint",
        "sbyte" or "short" or "int" => "int",
        _ => underlying,
    };

    private static string Nullable(string typeName) => typeName.EndsWith("?", StringComparison.Ordinal) ? typeName : typeName + "?";

    /// <summary><c>T[]</c>, written so that an array element type keeps its own rank: <c>int[][]</c>.</summary>
    private static string ArrayOf(string elementType) => elementType + "[]";

    private static string NameField(MemberSpec member) => "s_name_" + member.MemberName;

    private string Local(string prefix) => prefix + Number(_local++);
}
