using System;
using System.Collections.Generic;
using Popcorn.Generator.Model;
using static Popcorn.Generator.Emit.ContextEmitter;

namespace Popcorn.Generator.Emit;

// The ways an object is written: the plan-driven <c>WriteValue</c>, the same cut into parts (<c>WritePart</c>) for hosts that flush inside one object, and the straight-line <c>WriteFullCore</c>, each entering and leaving the object path when the type can cycle.
internal sealed partial class WriterEmitter
{
    private void EmitPlanWriter()
    {
        _w.Line("/// <summary>Writes <paramref name=\"value\"/> as <paramref name=\"plan\"/> selects; only selected members are read.</summary>");
        _w.Open($"internal static void WriteValue({Json}.Utf8JsonWriter writer, {ValueType} value, {Query}.SelectionPlan plan{DiscriminatorParameter})");
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

        EmitDispatch(planned: true);
        _w.Block($$"""
            if (plan.IsFull)
            {
                WriteFullCore(writer, value{{DiscriminatorArgument}});
                return;
            }

            """);
        EmitEnter();
        _w.Line("writer.WriteStartObject();");
        EmitDiscriminator(planned: true, hasParameter: true);
        _w.Line("var fields = plan.Fields;");
        _w.Open("for (int i = 0; i < fields.Length; i++)");
        EmitFieldSwitch();
        _w.Close();
        _w.Line();
        _w.Line("writer.WriteEndObject();");
        EmitExit();
        _w.Close();
        _w.Line();
    }

    /// <summary>The <c>switch</c> on the field index that writes <c>fields[i]</c>: one case per selectable member, and <c>__typename</c>.</summary>
    private void EmitFieldSwitch()
    {
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
    }

    /// <summary>
    /// <c>WritePart</c>: the plan writer cut into parts at key boundaries, so a host can flush between them. Each part
    /// enters the object path afresh (the path is per thread and the host may resume on another) and leaves it on return.
    /// </summary>
    private void EmitPartWriter()
    {
        _w.Line("/// <inheritdoc />");
        _w.Open($"public override int WritePart({Json}.Utf8JsonWriter writer, {ValueType} value, {Query}.SelectionPlan plan, int start, int pauseAfterBytes)");
        _w.Block($$"""
            global::System.ArgumentNullException.ThrowIfNull(writer);
            global::System.ArgumentNullException.ThrowIfNull(plan);
            if (!global::System.Object.ReferenceEquals(plan.Type, PopcornMetadata.{{_model.Identifier}}))
            {
                ThrowPlanMismatch(plan);
            }

            """);
        string nullTest = _model.IsValueType ? string.Empty : "value is null || ";
        EmitPartDispatch();
        _w.Block($$"""
            if ({{nullTest}}plan.IsFull)
            {
                Write(writer, value, plan);
                return -1;
            }

            """);
        bool restores = _model.ReachesCycle || TracksObjects;
        if (restores)
        {
            _w.Line($"int mark = {Query}.Generated.PopcornObjectPath.Mark;");
            _w.Open("try");
        }

        if (TracksObjects)
        {
            _w.Block($$"""
                if (!{{Query}}.Generated.PopcornObjectPath.TryEnter(value))
                {
                    writer.WriteNullValue();
                    return -1;
                }

                """);
        }

        _w.Open("if (start == 0)");
        if (_model.InCycle)
        {
            _w.Line($"{Query}.Generated.PopcornObjectPath.CheckDepth(writer, {Literal(_model.MetadataName)});");
        }

        _w.Line("writer.WriteStartObject();");
        EmitDiscriminator(planned: true, hasParameter: false);
        _w.Close();
        _w.Line();
        _w.Line("long begin = writer.BytesCommitted + writer.BytesPending;");
        _w.Line("var fields = plan.Fields;");
        _w.Open("for (int i = start; i < fields.Length; i++)");
        EmitFieldSwitch();
        _w.Line();
        _w.Open("if (i + 1 < fields.Length && writer.BytesCommitted + writer.BytesPending - begin >= pauseAfterBytes)");
        _w.Line("return i + 1;");
        _w.Close();
        _w.Close();
        _w.Line();
        _w.Line("writer.WriteEndObject();");
        _w.Line("return -1;");
        if (restores)
        {
            _w.Close();
            _w.Open("finally");
            _w.Line($"{Query}.Generated.PopcornObjectPath.Restore(mark);");
            _w.Close();
        }

        _w.Close();
        _w.Line();
    }

    private void EmitFullWriter()
    {
        _w.Open($"private static void WriteFullCore({Json}.Utf8JsonWriter writer, {_model.TypeName} value{DiscriminatorParameter})");
        EmitDispatch(planned: false);
        EmitEnter();
        _w.Line("writer.WriteStartObject();");
        EmitDiscriminator(planned: false, hasParameter: true);
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
                if (!{{Query}}.Generated.PopcornObjectPath.TryEnter(value))
                {
                    // Already on the path: a cycle, written as null like ReferenceHandler.IgnoreCycles.
                    writer.WriteNullValue();
                    return;
                }

                """);
        }

        if (_model.InCycle)
        {
            _w.Line($"{Query}.Generated.PopcornObjectPath.CheckDepth(writer, {Literal(_model.MetadataName)});");
        }
    }

    private void EmitExit()
    {
        if (TracksObjects)
        {
            _w.Line($"{Query}.Generated.PopcornObjectPath.Exit();");
        }
    }
}
