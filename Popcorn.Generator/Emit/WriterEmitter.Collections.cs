using System;
using System.Collections.Generic;
using Popcorn.Generator.Model;
using static Popcorn.Generator.Emit.ContextEmitter;

namespace Popcorn.Generator.Emit;

// Sequences and dictionaries: indexed loops for arrays and lists, <c>foreach</c> for the rest, keys as System.Text.Json writes them.
internal sealed partial class WriterEmitter
{
    /// <summary>
    /// The planned field whose list the next <see cref="EmitSequence"/> writes, when that list promises non-null
    /// elements (<see cref="ListElements.NeedsCheck"/>): each element is then tested, and a null one refused when the
    /// plan requires it (<c>PlannedField.ElementsRequired</c>). Null for every other list.
    /// </summary>
    private string? _checkedListField;

    private void EmitSequence(ValueShape shape, string value, string? child)
    {
        var element = shape.Element!;
        string? checkedField = _checkedListField;
        _checkedListField = null;
        bool nullable = OpenNullCheck(shape, value);

        _w.Line("writer.WriteStartArray();");
        switch (shape.Collection)
        {
            case CollectionKind.Array:
                EmitIndexedLoop(value, element, child, checkedField);
                break;
            case CollectionKind.List:
            {
                string span = Local("span");
                _w.Line($"var {span} = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan({value});");
                EmitIndexedLoop(span, element, child, checkedField);
                break;
            }

            case CollectionKind.ImmutableArray:
            {
                string span = Local("span");
                _w.Line($"var {span} = {value}.AsSpan();");
                EmitIndexedLoop(span, element, child, checkedField);
                break;
            }

            case CollectionKind.Concrete:
                EmitForEach(value, element, child, checkedField);
                break;
            case CollectionKind.SequenceInterface:
            {
                // Most sequences are lists or arrays at run time: index them instead of enumerating an interface.
                string list = Local("list");
                string array = Local("array");
                _w.Open($"if ((object){value} is global::System.Collections.Generic.List<{element.BareTypeName}> {list})");
                string span = Local("span");
                _w.Line($"var {span} = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan({list});");
                EmitIndexedLoop(span, element, child, checkedField);
                _w.Close();
                _w.Open($"else if ((object){value} is {ArrayOf(element.BareTypeName)} {array})");
                EmitIndexedLoop(array, element, child, checkedField);
                _w.Close();
                _w.Open("else");
                EmitForEach($"(global::System.Collections.Generic.IEnumerable<{element.TypeName}>){value}", element, child, checkedField);
                _w.Close();
                break;
            }

            default:
                EmitForEach($"(global::System.Collections.Generic.IEnumerable<{element.TypeName}>){value}", element, child, checkedField);
                break;
        }

        _w.Line("writer.WriteEndArray();");
        if (nullable)
        {
            _w.Close();
        }
    }

    private void EmitIndexedLoop(string items, ValueShape element, string? child, string? checkedField)
    {
        string i = Local("i");
        string item = Local("item");
        _w.Open($"for (int {i} = 0; {i} < {items}.Length; {i}++)");
        _w.Line($"var {item} = {items}[{i}];");
        EmitElementCheck(item, checkedField);
        EmitValue(element, item, child);
        _w.Close();
    }

    private void EmitForEach(string items, ValueShape element, string? child, string? checkedField)
    {
        string item = Local("item");
        _w.Open($"foreach (var {item} in {items})");
        EmitElementCheck(item, checkedField);
        EmitValue(element, item, child);
        _w.Close();
    }

    /// <summary>Refuses a null element where the plan requires the list's elements (GraphQL types them non-null); one test that is never true in a sound graph.</summary>
    private void EmitElementCheck(string item, string? checkedField)
    {
        if (checkedField is not null)
        {
            _w.Line($"if ({item} is null && {checkedField}.ElementsRequired) {Query}.Generated.PopcornValueWriter.ThrowNullElement({checkedField});");
        }
    }

    private void EmitDictionary(ValueShape shape, string value, string? child)
    {
        var key = shape.Key!;
        var element = shape.Element!;
        bool nullable = OpenNullCheck(shape, value);

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
                _w.Line($"{Query}.Generated.PopcornValueWriter.WritePropertyName(writer, (long){value});");
                break;
            case PrimitiveKind.Byte or PrimitiveKind.UInt16 or PrimitiveKind.UInt32 or PrimitiveKind.UInt64:
                _w.Line($"{Query}.Generated.PopcornValueWriter.WritePropertyName(writer, (ulong){value});");
                break;
            default:
                _w.Line($"{Query}.Generated.PopcornValueWriter.WritePropertyName(writer, {value});");
                break;
        }
    }

    /// <summary>For a reference-type collection, writes <c>null</c> for a null value and opens the <c>else</c> the caller closes; true when it did.</summary>
    private bool OpenNullCheck(ValueShape shape, string value)
    {
        if (shape.IsValueType)
        {
            return false;
        }

        _w.Open($"if ({value} is null)");
        _w.Line("writer.WriteNullValue();");
        _w.Close();
        _w.Open("else");
        return true;
    }
}
