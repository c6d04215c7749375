using System;
using System.Collections.Generic;
using Popcorn.Generator.Model;
using static Popcorn.Generator.Emit.ContextEmitter;

namespace Popcorn.Generator.Emit;

// One member or value: its ignore condition, then the typed call for its shape (primitives through PrimitiveWrites).
internal sealed partial class WriterEmitter
{
    /// <summary>
    /// How a writer reads <paramref name="member"/> of <c>value</c>: the property, or for a <c>[BatchResolved]</c> one
    /// the value its resolver gave for this object in the current write (the property's own when none ran).
    /// </summary>
    private string MemberAccess(MemberSpec member)
    {
        string property = "value." + Identifier(member.MemberName);
        if (member.BatchField is null)
        {
            return property;
        }

        int index = 0;
        while (_model.Members[index].MemberName != member.MemberName)
        {
            index++;
        }

        return $"{Query}.Generated.PopcornBatchValues.Read(value, PopcornMetadata.{_model.Identifier}.Fields[{Number(index)}], {property})";
    }

    /// <summary>Writes one member under <paramref name="name"/>, honouring its ignore condition.</summary>
    private void EmitMember(MemberSpec member, string name, string? child, bool scoped, string? access = null)
    {
        var shape = member.Shape;
        access ??= MemberAccess(member);
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
            _w.Open(_pushesAroundMember
                ? $"if ({v} is not null && (global::System.Object.ReferenceEquals({v}, value) || path.IsOnPath({v})))"
                : $"if ({v} is not null && path.IsOnPath({v}))");
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
                _w.Line(PrimitiveWrites.Call(shape.Primitive, name, value));
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
                if (_pushesAroundMember)
                {
                    EmitValueOnPath(shape, value, child);
                }
                else
                {
                    EmitMemberValue(shape, value, child);
                }

                return;
        }
    }

    /// <summary>
    /// Writes a member's value after its name. A null model member of the full path is written here rather than by a
    /// call: the model's <c>WriteFull</c> tests for null itself (that branch is what gives it a profile under dynamic
    /// PGO), but a call that only writes null still pays the callee's prologue and epilogue.
    /// </summary>
    private void EmitMemberValue(ValueShape shape, string value, string? child)
    {
        if (child is not null || shape.Kind != ShapeKind.Model || shape.IsValueType)
        {
            EmitValue(shape, value, child);
            return;
        }

        _w.Open($"if ({value} is null)");
        _w.Line("writer.WriteNullValue();");
        _w.Close();
        _w.Open("else");
        EmitValue(shape, value, child);
        _w.Close();
    }

    /// <summary>Writes a value at the current position (an array element, a dictionary value, after a property name).</summary>
    private void EmitValue(ValueShape shape, string value, string? child)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Primitive:
                _w.Line(PrimitiveWrites.Call(shape.Primitive, name: null, value));
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
                    ? $"{model.WriterName}.WriteFull(writer, {value}{PathArgumentFor(model)});"
                    : $"{model.WriterName}.WriteValue(writer, {value}, {child}{PathArgumentFor(model)});");
                break;
            }

            case ShapeKind.Delegated:
                _w.Line($"{Json}.JsonSerializer.Serialize(writer, {value}, PopcornValues.{shape.Target});");
                break;
            case ShapeKind.Converter:
                _w.Line($"{Query}.Generated.PopcornConverters.Write(writer, {value}, PopcornValues.{shape.Target}, PopcornValues.Options);");
                break;
            case ShapeKind.Sequence or ShapeKind.Dictionary when _fullCollectionMember is not null:
            {
                // A member of the full path: its loop goes into a method of its own (EmitFullCollectionWriter).
                string method = "WriteFullMember_" + _fullCollectionMember.MemberName;
                _fullCollectionWriters.Add((method, shape));
                _fullCollectionMember = null;
                _w.Line($"{method}(writer, {value}{(CanLeadBack(shape) ? PathArgument : string.Empty)});");
                break;
            }

            case ShapeKind.Sequence:
                EmitSequence(shape, value, child);
                break;
            case ShapeKind.Dictionary:
                EmitDictionary(shape, value, child);
                break;
        }
    }
}
