using System;
using System.Collections.Generic;
using Popcorn.Generator.Model;
using static Popcorn.Generator.Emit.ContextEmitter;

namespace Popcorn.Generator.Emit;

// The two ways an object is written: the plan-driven <c>WriteValue</c> and the straight-line <c>WriteFullCore</c>, each entering and leaving the object path when the type can cycle.
internal sealed partial class WriterEmitter
{
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
