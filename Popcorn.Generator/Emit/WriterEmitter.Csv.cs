using System;
using Popcorn.Generator.Model;
using static Popcorn.Generator.Emit.ContextEmitter;

namespace Popcorn.Generator.Emit;

// The CSV path: a row's cells written straight from the object, for the members whose cell is plain text of the value
// (integers, decimals, booleans, strings, dates, times, GUIDs, nested objects of such members). A plan that selects
// anything else is written as JSON and read back by the host (docs/formats.md), so every cell still equals the JSON value.
internal sealed partial class WriterEmitter
{
    private const string CsvRow = "global::Popcorn.Query.Generated.PopcornCsvRow";

    /// <summary>
    /// True when <paramref name="model"/>'s writer has a CSV path: a class that is neither polymorphic nor in or near a
    /// cycle, so its plan's columns are its keys in order and no object is ever written as <c>null</c> for being met again.
    /// </summary>
    private static bool HasCsvPath(ModelSpec model) =>
        !model.IsValueType && !model.ReachesCycle && model.Polymorphism is null && !model.IsDerivedType;

    private void EmitCsvWriter()
    {
        if (!HasCsvPath(_model))
        {
            return;
        }

        _w.Line();
        _w.Block($$"""
            /// <inheritdoc />
            public override bool CanWriteCsvRow({{Query}}.SelectionPlan plan)
            {
                global::System.ArgumentNullException.ThrowIfNull(plan);
                return global::System.Object.ReferenceEquals(plan.Type, PopcornMetadata.{{_model.Identifier}}) && CanWriteCsv(plan);
            }

            /// <inheritdoc />
            public override void WriteCsvRow({{CsvRow}} row, {{ValueType}} value, {{Query}}.SelectionPlan plan)
            {
                global::System.ArgumentNullException.ThrowIfNull(row);
                global::System.ArgumentNullException.ThrowIfNull(plan);
                if (!global::System.Object.ReferenceEquals(plan.Type, PopcornMetadata.{{_model.Identifier}}))
                {
                    ThrowPlanMismatch(plan);
                }

                WriteCsvValue(row, value, plan);
                row.EndRow();
            }

            /// <summary>Whether every field <paramref name="plan"/> selects, nested plans included, has a CSV cell written from the object.</summary>
            internal static bool CanWriteCsv({{Query}}.SelectionPlan plan)
            {
                if (plan.WritesDiscriminator || !plan.DerivedPlans.IsEmpty)
                {
                    return false;
                }

                foreach (var field in plan.Fields)
                {
                    switch (field.FieldIndex)
                    {
            """);
        _w.Indent();
        _w.Indent();
        _w.Indent();
        // The nested objects first, each asking its own writer about its plan; then every plain cell under one break.
        for (int index = 0; index < _model.Members.Count; index++)
        {
            var member = _model.Members[index];
            if (!member.IsNever && member.Shape.Kind == ShapeKind.Model && CsvCell(member, "v") is not null)
            {
                _w.Line($"case {Number(index)}:");
                _w.Line($"    if (field.Child is null || !{_models[member.Shape.Target!].WriterName}.CanWriteCsv(field.Child))");
                _w.Line("    {");
                _w.Line("        return false;");
                _w.Line("    }");
                _w.Line();
                _w.Line("    break;");
            }
        }

        for (int index = 0; index < _model.Members.Count; index++)
        {
            var member = _model.Members[index];
            if (!member.IsNever && member.Shape.Kind != ShapeKind.Model && CsvCell(member, "v") is not null)
            {
                _w.Line($"case {Number(index)}:");
            }
        }

        _w.Block($$"""
            case {{Query}}.PlannedField.TypeNameIndex:
                break;
            default:
                return false;
            """);
        _w.Unindent();
        _w.Unindent();
        _w.Unindent();
        _w.Block($$"""
                    }
                }

                return true;
            }

            /// <summary>Writes the cells of <paramref name="value"/> as <paramref name="plan"/> selects; a null value is empty cells.</summary>
            internal static void WriteCsvValue({{CsvRow}} row, {{ValueType}} value, {{Query}}.SelectionPlan plan)
            {
                if (value is null)
                {
                    row.WriteEmpty(plan);
                    return;
                }

                var fields = plan.Fields;
                for (int i = 0; i < fields.Length; i++)
                {
                    var field = fields[i];
                    switch (field.FieldIndex)
                    {
            """);
        _w.Indent();
        _w.Indent();
        _w.Indent();
        for (int index = 0; index < _model.Members.Count; index++)
        {
            var member = _model.Members[index];
            string? cell = member.IsNever ? null : CsvCell(member, MemberAccess(member));
            if (cell is null)
            {
                continue;
            }

            _w.Line($"case {Number(index)}:");
            _w.Line($"    {cell}");
            _w.Line("    break;");
        }

        _w.Line($"case {Query}.PlannedField.TypeNameIndex:");
        _w.Line($"    row.Write({Literal(_model.MetadataName)});");
        _w.Line("    break;");
        _w.Unindent();
        _w.Unindent();
        _w.Unindent();
        _w.Block("""
                    }
                }
            }
            """);
    }

    /// <summary>
    /// The statement writing <paramref name="member"/>'s cell from <paramref name="access"/>, or null when its cell is not
    /// plain text of the value (enums, floating point, characters, converters, collections), which the host's JSON read-back
    /// writes instead. A member left out when it is the default (<c>WhenWritingDefault</c>) is left to it as well: its
    /// cell would be empty for a zero.
    /// </summary>
    private string? CsvCell(MemberSpec member, string access)
    {
        if (member.Ignore == IgnoreKind.WhenWritingDefault)
        {
            return null;
        }

        var shape = member.Shape;
        switch (shape.Kind)
        {
            case ShapeKind.Primitive:
                return CsvPrimitive(shape.Primitive, access) is { } write ? write + ";" : null;
            case ShapeKind.Nullable when shape.Element is { Kind: ShapeKind.Primitive } element
                && CsvPrimitive(element.Primitive, access + ".GetValueOrDefault()") is { } inner:
                return $"if ({access}.HasValue) {inner}; else row.WriteEmpty();";
            case ShapeKind.Model when _models.TryGetValue(shape.Target!, out var target) && HasCsvPath(target):
                return $"{target.WriterName}.WriteCsvValue(row, {access}, field.Child!);";
            default:
                return null;
        }
    }

    /// <summary>The cell write of a primitive whose JSON value is its plain text, else null.</summary>
    private static string? CsvPrimitive(PrimitiveKind primitive, string value) => primitive switch
    {
        PrimitiveKind.Boolean or PrimitiveKind.Decimal or PrimitiveKind.String or PrimitiveKind.Guid or PrimitiveKind.DateTime
            or PrimitiveKind.DateTimeOffset or PrimitiveKind.DateOnly or PrimitiveKind.TimeOnly or PrimitiveKind.TimeSpan => $"row.Write({value})",
        PrimitiveKind.SByte or PrimitiveKind.Int16 or PrimitiveKind.Int32 or PrimitiveKind.Int64 => $"row.Write((long){value})",
        PrimitiveKind.Byte or PrimitiveKind.UInt16 or PrimitiveKind.UInt32 or PrimitiveKind.UInt64 => $"row.Write((ulong){value})",
        _ => null,
    };
}
