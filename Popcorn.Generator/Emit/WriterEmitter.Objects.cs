using System;
using System.Collections.Generic;
using System.Linq;
using Popcorn.Generator.Model;
using static Popcorn.Generator.Emit.ContextEmitter;

namespace Popcorn.Generator.Emit;

// The ways an object is written: the plan-driven <c>WriteValue</c>, the same cut into parts (<c>WritePart</c>) for hosts that flush inside one object, and the straight-line <c>WriteFull</c>, each entering and leaving the object path (passed down as the <c>path</c> parameter) when the type can cycle.
internal sealed partial class WriterEmitter
{
    private void EmitPlanWriter()
    {
        _w.Line("/// <summary>Writes <paramref name=\"value\"/> as <paramref name=\"plan\"/> selects; only selected members are read.</summary>");
        _w.Open($"internal static void WriteValue({Json}.Utf8JsonWriter writer, {ValueType} value, {Query}.SelectionPlan plan{PathParameter}{DiscriminatorParameter})");
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
                WriteFull(writer, value{{PathArgument}}{{DiscriminatorArgument}});
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

            // Both paths below write the list: each takes the element check (EmitSequence) for its own loops.
            bool checksElements = ListElements.NeedsCheck(member, _models);
            _checkedListField = checksElements ? "field" : null;
            EmitArrangedList(member, child);
            _checkedListField = checksElements ? "field" : null;
            EmitMember(member, "field.EncodedOutputName", child, scoped: true);
            _checkedListField = null;
            _w.Line("break;");
            _w.Close();
        }

        _w.Line($"case {Query}.PlannedField.TypeNameIndex:");
        _w.Line("    writer.WriteString(field.EncodedOutputName, s_typeName);");
        _w.Line("    break;");
        if (_model.Members.Any(static member => member.IsAggregatable))
        {
            // Only a type with a list of models can be asked for an aggregate (ordersAggregate); the runtime reads the list.
            _w.Line($"case {Query}.PlannedField.AggregateIndex:");
            _w.Line($"    {Query}.PopcornAggregates.Write(writer, field, value);");
            _w.Line("    break;");
        }
        _w.Close();
    }

    /// <summary>
    /// For a list of models: when the planned field carries <c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c>, the list
    /// is arranged in memory into an array (<c>CollectionArguments.Apply</c>) and that array is written. A plan without
    /// arguments pays one null test and takes the unchanged path below it.
    /// </summary>
    private void EmitArrangedList(MemberSpec member, string? child)
    {
        var shape = member.Shape;
        if (member.Kind != FieldKindSpec.List || member.ElementModel is null || shape.Kind != ShapeKind.Sequence)
        {
            return;
        }

        var element = shape.Element!;
        var arranged = shape with
        {
            TypeName = ArrayOf(element.TypeName) + "?",
            BareTypeName = ArrayOf(element.BareTypeName),
            IsValueType = false,
            Collection = CollectionKind.Array,
        };

        // Locals numbered apart from the unchanged path's, which follows in the same case block.
        _local = 100;
        _w.Open("if (field.Arguments is { } arguments)");
        EmitMember(member with { Shape = arranged }, "field.EncodedOutputName", child, scoped: true, $"arguments.Apply<{element.TypeName}>({MemberAccess(member)})");
        _w.Line("break;");
        _w.Close();
        _w.Line();
        _local = 0;
    }

    /// <summary>
    /// <c>WritePart</c>: the plan writer cut into parts at key boundaries, so a host can flush between them. Each part
    /// takes the thread's object path afresh (the host may resume on another thread) and leaves it on return.
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
        if (_model.ReachesCycle)
        {
            _w.Line($"var path = {Query}.Generated.PopcornObjectPath.Begin(writer, plan, out var checkpoint);");
            _w.Open("try");
        }

        if (TracksObjects)
        {
            _w.Block("""
                if (!path.TryPush(value))
                {
                    writer.WriteNullValue();
                    return -1;
                }

                """);
        }

        _w.Open("if (start == 0)");
        if (_model.InCycle)
        {
            _w.Line($"path.ThrowIfTooDeep(writer, {Literal(_model.MetadataName)});");
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
        if (_model.ReachesCycle)
        {
            _w.Close();
            _w.Open("finally");
            _w.Line("path.End(checkpoint);");
            _w.Close();
        }

        _w.Close();
        _w.Line();
    }

    private void EmitFullWriter()
    {
        // Never inlined, as System.Text.Json's fast-path handlers in effect are not: inlined into a caller's loop (dynamic
        // PGO does that to hot call sites), the writes' own helpers no longer fit the caller's inlining budget and stay calls.
        _w.Line("/// <summary>Writes <paramref name=\"value\"/> in full: every selectable member, nested values in full.</summary>");
        _w.Line("[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]");
        _w.Open($"internal static void WriteFull({Json}.Utf8JsonWriter writer, {ValueType} value{PathParameter}{DiscriminatorParameter})");
        if (!_model.IsValueType)
        {
            // The null test is here, as in System.Text.Json's handler, not in an inlined wrapper: it is what gives the
            // method a second block. The JIT's instrumented tier does not instrument a method of one block and direct
            // calls (minimal profiling), so a straight-line writer reached tier 1 with no profile, and the inliner then
            // withheld its profile boost from the typed writes' helpers (WriteStartMinimized, the string escaping).
            // The null case comes last so that, without a profile, the object's path falls through to the epilogue.
            _w.Open("if (value is not null)");
        }

        EmitDispatch(planned: false);
        if (TracksObjects)
        {
            // The object is checked against the path here but pushed only around the members that can lead back to it
            // (EmitValueOnPath): most objects of a type in a cycle are leaves, and a leaf then costs a scan, not a store.
            _w.Block("""
                if (path.IsOnPath(value))
                {
                    // Already on the path: a cycle, written as null like ReferenceHandler.IgnoreCycles.
                    writer.WriteNullValue();
                    return;
                }

                """);
        }

        if (_model.InCycle)
        {
            _w.Line($"path.ThrowIfTooDeep(writer, {Literal(_model.MetadataName)});");
        }

        _w.Line("writer.WriteStartObject();");
        EmitDiscriminator(planned: false, hasParameter: true);
        foreach (var member in _model.Members)
        {
            if (!member.IsNever)
            {
                _local = 0;
                _fullCollectionMember = member;
                _pushesAroundMember = TracksObjects;
                EmitMember(member, NameField(member), child: null, scoped: false);
                _fullCollectionMember = null;
                _pushesAroundMember = false;
            }
        }

        _w.Line("writer.WriteEndObject();");
        if (!_model.IsValueType)
        {
            _w.Line("return;");
            _w.Close();
            _w.Line();
            _w.Line("writer.WriteNullValue();");
        }

        _w.Close();
        foreach (var (method, shape) in _fullCollectionWriters)
        {
            EmitFullCollectionWriter(method, shape);
        }

        _fullCollectionWriters.Clear();
    }

    /// <summary>
    /// A list or dictionary member of the full path, written by a method of its own, as System.Text.Json's fast path
    /// has a handler per collection: kept in <c>WriteFull</c>, its loop used up the JIT's inlining budget there, and the
    /// calls after it (<c>WriteEndObject</c>, the last members' typed writes) were left as calls.
    /// </summary>
    private void EmitFullCollectionWriter(string method, ValueShape shape)
    {
        _local = 0;
        string type = shape.IsValueType ? shape.TypeName : Nullable(shape.TypeName);
        _w.Line();
        _w.Open($"private static void {method}({Json}.Utf8JsonWriter writer, {type} value{(CanLeadBack(shape) ? PathParameter : string.Empty)})");
        EmitValue(shape, "value", child: null);
        _w.Close();
    }

    /// <summary>
    /// Writes a member value of the full path with the object pushed onto the path around it when the value can lead back
    /// to the object (it reaches a type in a cycle, or is written by code Popcorn does not see into); a null model value
    /// is written without a push.
    /// </summary>
    private void EmitValueOnPath(ValueShape shape, string value, string? child)
    {
        _pushesAroundMember = false;
        if (!CanLeadBack(shape))
        {
            EmitMemberValue(shape, value, child);
            return;
        }

        bool nullable = !shape.IsValueType;
        if (nullable)
        {
            _w.Open($"if ({value} is null)");
            _w.Line("writer.WriteNullValue();");
            _w.Close();
            _w.Open("else");
        }

        _w.Line("path.Push(value);");
        EmitValue(shape, value, child);
        _w.Line("path.Pop();");
        if (nullable)
        {
            _w.Close();
        }
    }

    /// <summary>True when writing a value of <paramref name="shape"/> may meet an object of a type in a cycle.</summary>
    private bool CanLeadBack(ValueShape shape) => shape.Kind switch
    {
        ShapeKind.Model => _models[shape.Target!].ReachesCycle,
        ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.Nullable => CanLeadBack(shape.Element!),
        ShapeKind.Delegated or ShapeKind.Converter => true,
        _ => false,
    };

    private void EmitEnter()
    {
        if (TracksObjects)
        {
            _w.Block("""
                if (!path.TryPush(value))
                {
                    // Already on the path: a cycle, written as null like ReferenceHandler.IgnoreCycles.
                    writer.WriteNullValue();
                    return;
                }

                """);
        }

        if (_model.InCycle)
        {
            _w.Line($"path.ThrowIfTooDeep(writer, {Literal(_model.MetadataName)});");
        }
    }

    private void EmitExit()
    {
        if (TracksObjects)
        {
            _w.Line("path.Pop();");
        }
    }
}
