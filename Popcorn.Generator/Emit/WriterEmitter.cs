using System;
using System.Collections.Generic;
using Popcorn.Generator.Model;
using static Popcorn.Generator.Emit.ContextEmitter;

namespace Popcorn.Generator.Emit;

/// <summary>
/// Emits one model type's writer: a plan-driven <c>WriteValue</c> (a loop over the plan's fields with a
/// switch on the field index) and a straight-line <c>WriteFull</c> for full plans, in the style of
/// System.Text.Json's fast path, and, for the types that can have one, a CSV row path in the same shape.
/// </summary>
internal sealed partial class WriterEmitter
{
    private const string Json = "global::System.Text.Json";
    private const string Query = "global::Popcorn.Query";

    private readonly ContextSpec _spec;
    private readonly ModelSpec _model;
    private readonly IReadOnlyDictionary<string, ModelSpec> _models;
    private readonly SourceWriter _w = new();
    private int _local;

    // The full writer's member being emitted, while its list or dictionary loop may still go to a method of its own, and those methods.
    private MemberSpec? _fullCollectionMember;
    private readonly List<(string Method, ValueShape Shape)> _fullCollectionWriters = [];

    // While a full writer's member is emitted: push the object around the member's value when it can lead back (EmitValueOnPath).
    private bool _pushesAroundMember;

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
        EmitPartWriter();
        EmitFullWriter();
        EmitDerivedWriters();
        EmitCsvWriter();
        EmitKeyValueWriters();
        _w.Close();
        _w.Close();
        CloseContext(_w, _spec);
        return _w.ToString();
    }

    /// <summary>
    /// For each <c>[Sortable]</c> scalar, a method that writes its value alone at the current position, as the writers
    /// write it: <c>FieldMetadata.WriteValue</c>, which a group's key calls with an element of the group.
    /// </summary>
    private void EmitKeyValueWriters()
    {
        foreach (var member in _model.Members)
        {
            if (!member.WritesKeyValue)
            {
                continue;
            }

            _w.Line();
            _w.Line($"/// <summary>Writes <c>{DocText(member.MemberName)}</c> of a <c>{DocText(_model.TypeOfName)}</c> alone, at the current position (a group's key).</summary>");
            _w.Open($"internal static void {member.KeyValueWriterName}({Json}.Utf8JsonWriter writer, object model)");
            string v = Local("v");
            _w.Line($"var {v} = (({_model.TypeName})model).{Identifier(member.MemberName)};");
            EmitValue(member.Shape, v, child: null);
            _w.Close();
        }
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
        EmitDiscriminatorNames();
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
        EmitWithPath($"WriteValue(writer, value, plan{PathArgument});");
        _w.Unindent();
        _w.Line("}");
        _w.Line();
        EmitElementsWriter();
        _w.Block($$"""
            [global::System.Diagnostics.CodeAnalysis.DoesNotReturn]
            private static void ThrowPlanMismatch({{Query}}.SelectionPlan plan) =>
                throw new global::System.ArgumentException($"The plan was compiled for '{plan.Type.Name}', not for '{{_model.MetadataName}}'.", nameof(plan));

            """);
    }

    /// <summary>
    /// <c>WriteElements</c>, the sequence entry point: the arguments checked and the cycle path taken once per call, then
    /// a loop straight through <c>WriteFull</c> (a full plan) or <c>WriteValue</c>, pausing once the elements written
    /// reach <c>pauseAfterBytes</c>.
    /// </summary>
    private void EmitElementsWriter()
    {
        _w.Line("/// <inheritdoc />");
        // Never inlined, as System.Text.Json's list handlers are not (they are called through a delegate): inlined into a
        // caller with a loop of its own (dynamic PGO devirtualizes and inlines the call into the benchmark's loop, or into
        // SequenceWriter's async state machine), the element loop's five values no longer fit the callee-saved registers,
        // and the index, the span, its length and the pause were spilled and reloaded around every element's call.
        _w.Line("[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]");
        _w.Open($"public override int WriteElements({Json}.Utf8JsonWriter writer, global::System.ReadOnlySpan<{ValueType}> values, {Query}.SelectionPlan plan, int pauseAfterBytes)");
        _w.Block($$"""
            global::System.ArgumentNullException.ThrowIfNull(writer);
            global::System.ArgumentNullException.ThrowIfNull(plan);
            if (!global::System.Object.ReferenceEquals(plan.Type, PopcornMetadata.{{_model.Identifier}}))
            {
                ThrowPlanMismatch(plan);
            }

            long stopAt = writer.BytesCommitted + writer.BytesPending + pauseAfterBytes;
            """);
        EmitWithPath(
            $$"""
            if (plan.IsFull)
            {
                for (int i = 0; i < values.Length; i++)
                {
                    WriteFull(writer, values[i]{{PathArgument}});
                    if (writer.BytesCommitted + writer.BytesPending >= stopAt)
                    {
                        return i + 1;
                    }
                }
            }
            else
            {
                for (int i = 0; i < values.Length; i++)
                {
                    WriteValue(writer, values[i], plan{{PathArgument}});
                    if (writer.BytesCommitted + writer.BytesPending >= stopAt)
                    {
                        return i + 1;
                    }
                }
            }

            return values.Length;
            """);
        _w.Close();
        _w.Line();
    }

    /// <summary>
    /// Emits <paramref name="body"/> as a public entry point's work: for a type that reaches a cycle, with the thread's
    /// object path taken once (<c>path</c>) and ended in a <c>finally</c>, so a write that throws leaves nothing on it.
    /// The plan picks the path: one that never holds anything when it repeats objects (a GraphQL document without
    /// wildcards), so the internal writers need no test of their own.
    /// </summary>
    private void EmitWithPath(string body)
    {
        if (!_model.ReachesCycle)
        {
            _w.Block(body);
            return;
        }

        _w.Line($"var path = {Query}.Generated.PopcornObjectPath.Begin(writer, plan, out var checkpoint);");
        _w.Open("try");
        _w.Block(body);
        _w.Close();
        _w.Open("finally");
        _w.Line("path.End(checkpoint);");
        _w.Close();
    }

    /// <summary>The object path parameter of the internal writers of a type that reaches a cycle, else nothing.</summary>
    private string PathParameter => _model.ReachesCycle ? $", {Query}.Generated.PopcornObjectPath path" : string.Empty;

    /// <summary>The object path argument to this type's own internal writers.</summary>
    private string PathArgument => _model.ReachesCycle ? ", path" : string.Empty;

    /// <summary>The object path argument to <paramref name="model"/>'s internal writers.</summary>
    private static string PathArgumentFor(ModelSpec model) => model.ReachesCycle ? ", path" : string.Empty;

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
