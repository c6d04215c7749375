using System.Linq;
using Popcorn.Generator.Model;
using static Popcorn.Generator.Emit.ContextEmitter;

namespace Popcorn.Generator.Emit;

// Polymorphic bases dispatch on the value's runtime type to the derived type's writer, handing it the discriminator to
// write first, as System.Text.Json does; derived types' writers take that discriminator as an optional parameter.
internal sealed partial class WriterEmitter
{
    private const string Discriminator = "global::Popcorn.Query.Generated.PopcornDiscriminator";

    /// <summary>The optional discriminator parameter of a derived type's <c>WriteValue</c> and <c>WriteFull</c>.</summary>
    private string DiscriminatorParameter => _model.IsDerivedType ? $", in {Discriminator} discriminator = default" : string.Empty;

    private string DiscriminatorArgument => _model.IsDerivedType ? ", in discriminator" : string.Empty;

    /// <summary>The base's own entry among its derived types, when it names itself with a discriminator.</summary>
    private DerivedTypeSpec? OwnEntry =>
        _model.Polymorphism?.DerivedTypes.FirstOrDefault(d => d.Model == _model.Identifier && d.HasDiscriminator);

    /// <summary>The discriminator key and one pre-built discriminator per derived type (declared after the key they use).</summary>
    private void EmitDiscriminatorNames()
    {
        if (_model.Polymorphism is not { } polymorphism)
        {
            return;
        }

        _w.Line($"private static readonly {Json}.JsonEncodedText s_discriminatorName = {Json}.JsonEncodedText.Encode({Literal(polymorphism.DiscriminatorPropertyName)});");
        for (int i = 0; i < polymorphism.DerivedTypes.Count; i++)
        {
            var derived = polymorphism.DerivedTypes[i];
            string? value = derived.StringDiscriminator is { } text ? $"{Discriminator}.String(s_discriminatorName, {Literal(text)})"
                : derived.NumberDiscriminator is { } number ? $"{Discriminator}.Number(s_discriminatorName, {Number(number)})"
                : null;
            if (value is not null)
            {
                _w.Line($"private static readonly {Discriminator} s_discriminator{Number(i)} = {value};");
            }
        }
    }

    /// <summary>At the top of the plan and full writers of a base: a value of another type goes to that type's writer.</summary>
    private void EmitDispatch(bool planned)
    {
        if (_model.Polymorphism is null)
        {
            return;
        }

        string call = planned ? $"WriteDerived(writer, value, plan{PathArgument})" : $"WriteDerivedFull(writer, value{PathArgument})";
        _w.Block($$"""
            if (value.GetType() != typeof({{_model.TypeOfName}}) && {{call}})
            {
                return;
            }

            """);
    }

    /// <summary>A base's <c>WritePart</c> writes a value of a derived type in one part.</summary>
    private void EmitPartDispatch()
    {
        if (_model.Polymorphism is null)
        {
            return;
        }

        _w.Block($$"""
            if (value is not null && value.GetType() != typeof({{_model.TypeOfName}}))
            {
                Write(writer, value, plan);
                return -1;
            }

            """);
    }

    /// <summary>Right after <c>WriteStartObject</c>: the discriminator handed in (derived types), or the base's own (a base that names itself).</summary>
    private void EmitDiscriminator(bool planned, bool hasParameter)
    {
        if (_model.IsDerivedType && hasParameter)
        {
            _w.Line("discriminator.Write(writer);");
        }

        if (OwnEntry is { } own && _model.Polymorphism is { } polymorphism)
        {
            string field = "s_discriminator" + Number(polymorphism.DerivedTypes.ToList().IndexOf(own));
            _w.Line(planned ? $"if (plan.WritesDiscriminator) {field}.Write(writer);" : $"{field}.Write(writer);");
        }
    }

    /// <summary>
    /// <c>WriteDerived</c> and <c>WriteDerivedFull</c>: the derived type the value is, by exact runtime type (or, under
    /// <c>FallBackToNearestAncestor</c>, the nearest named ancestor); false when the base writes it itself
    /// (<c>FallBackToBaseType</c>, or no named ancestor); System.Text.Json's exception under <c>FailSerialization</c>.
    /// </summary>
    private void EmitDerivedWriters()
    {
        if (_model.Polymorphism is not { } polymorphism)
        {
            return;
        }

        EmitDerivedWriter(polymorphism, planned: true);
        EmitDerivedWriter(polymorphism, planned: false);
    }

    private void EmitDerivedWriter(PolymorphismSpec polymorphism, bool planned)
    {
        _w.Line();
        _w.Open(planned
            ? $"private static bool WriteDerived({Json}.Utf8JsonWriter writer, {_model.TypeName} value, {Query}.SelectionPlan plan{PathParameter})"
            : $"private static bool WriteDerivedFull({Json}.Utf8JsonWriter writer, {_model.TypeName} value{PathParameter})");
        bool nearest = polymorphism.UnknownDerivedTypeHandling == 2;
        if (!nearest)
        {
            _w.Line("var type = value.GetType();");
        }

        var entries = polymorphism.DerivedTypes
            .Select((derived, index) => (Derived: derived, Index: index))
            .Where(e => e.Derived.Model != _model.Identifier);
        if (nearest)
        {
            entries = entries.OrderByDescending(e => e.Derived.Depth);
        }

        foreach (var (derived, index) in entries)
        {
            var model = _models[derived.Model];
            string discriminator = derived.HasDiscriminator
                ? planned ? $", plan.WritesDiscriminator ? s_discriminator{Number(index)} : default" : $", s_discriminator{Number(index)}"
                : string.Empty;
            string plan = planned ? $", plan.DerivedPlan({Number(index)})" : string.Empty;
            string method = planned ? "WriteValue" : "WriteFull";
            string local = "derived" + Number(index);
            _w.Open(nearest ? $"if (value is {model.TypeName} {local})" : $"if (type == typeof({model.TypeOfName}))");
            if (!nearest)
            {
                _w.Line($"var {local} = global::System.Runtime.CompilerServices.Unsafe.As<{model.TypeName}>(value);");
            }

            _w.Line($"{model.WriterName}.{method}(writer, {local}{plan}{PathArgumentFor(model)}{discriminator});");
            _w.Line("return true;");
            _w.Close();
            _w.Line();
        }

        if (polymorphism.UnknownDerivedTypeHandling == 0)
        {
            _w.Line($"{Discriminator}.ThrowUnknownType(type, typeof({_model.TypeOfName}));");
        }

        _w.Line("return false;");
        _w.Close();
    }
}
