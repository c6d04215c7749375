using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Popcorn.Generator.Diagnostics;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Parsing;

/// <summary>Which members a model writes, under which names, in which order: System.Text.Json's rules.</summary>
internal sealed partial class ContextParser
{
    private ModelBuilder GetOrAddModel(INamedTypeSymbol type)
    {
        // The model is the type itself, not a member's nullable use of it.
        type = (INamedTypeSymbol)type.WithNullableAnnotation(NullableAnnotation.NotAnnotated);
        if (_models.TryGetValue(type, out var existing))
        {
            return existing;
        }

        string baseName = MetadataNameOf(type);
        string name = baseName;
        if (_metadataNames.TryGetValue(baseName, out int count))
        {
            // Schemas key types by name, so a second type with the same simple name gets a suffix.
            do
            {
                count++;
                name = baseName + count.ToString(CultureInfo.InvariantCulture);
            }
            while (_metadataNames.ContainsKey(name));

            _metadataNames[baseName] = count;
            var first = _modelOrder.First(m => MetadataNameOf(m.Symbol) == baseName);
            Report(DiagnosticDescriptors.DuplicateTypeName, type, first.Symbol.ToDisplayString(), type.ToDisplayString(), baseName, name);
        }

        _metadataNames[name] = 1;
        var model = new ModelBuilder(type, name, name);
        _models.Add(type, model);
        _modelOrder.Add(model);
        model.Polymorphism = ReadPolymorphism(model);
        return model;
    }

    /// <summary><c>Employee</c>; generic types spell their arguments: <c>PageOfEmployee</c>.</summary>
    private static string MetadataNameOf(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return MetadataNameOf(array.ElementType) + "Array";
            case INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable:
                return "Nullable" + MetadataNameOf(nullable.TypeArguments[0]);
            case INamedTypeSymbol { IsGenericType: true } generic:
                return generic.Name + "Of" + string.Join("And", generic.TypeArguments.Select(MetadataNameOf));
            default:
                return type.Name;
        }
    }

    private void BuildMembers(ModelBuilder model)
    {
        var candidates = new List<(MemberSpec Spec, ISymbol Symbol, int Order)>();
        var seen = new HashSet<string>(StringComparer.Ordinal);

        // System.Text.Json walks from the most derived type to its bases; a derived member (override or
        // `new`) takes the place of the base member with the same name.
        for (var type = model.Symbol; type is not null && type.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); type = type.BaseType)
        {
            var members = type.GetMembers();
            foreach (var property in members.OfType<IPropertySymbol>())
            {
                if (!property.IsStatic && !property.IsIndexer && seen.Add(property.Name) && ReadProperty(model, property) is { } candidate)
                {
                    candidates.Add(candidate);
                }
            }

            foreach (var field in members.OfType<IFieldSymbol>())
            {
                if (!field.IsStatic && !field.IsConst && !field.IsImplicitlyDeclared && seen.Add(field.Name) && ReadField(model, field) is { } candidate)
                {
                    candidates.Add(candidate);
                }
            }
        }

        // [JsonPropertyOrder] sorts stably; members without it have order 0.
        var ordered = candidates.Select((c, i) => (c, i)).OrderBy(p => p.c.Order).ThenBy(p => p.i).Select(p => p.c);
        var byWireName = new Dictionary<string, ISymbol>(StringComparer.Ordinal);
        foreach (var (spec, symbol, _) in ordered)
        {
            if (byWireName.TryGetValue(spec.WireName, out var other))
            {
                Report(DiagnosticDescriptors.DuplicateWireName, symbol, model.Symbol.Name, other.Name, symbol.Name, spec.WireName);
                continue;
            }

            byWireName.Add(spec.WireName, symbol);
            model.Members.Add(spec);
            model.MemberSymbols.Add(symbol);
            if (!spec.IsNever)
            {
                foreach (var reference in ModelsIn(spec.Shape))
                {
                    model.References.Add(reference);
                }
            }
        }
    }

    private (MemberSpec, ISymbol, int)? ReadProperty(ModelBuilder model, IPropertySymbol property)
    {
        var attributes = new MemberAttributes(property.GetAttributes(), _known);
        if (property.GetMethod is not { } getter)
        {
            return null;
        }

        bool isPublic = property.DeclaredAccessibility == Accessibility.Public && getter.DeclaredAccessibility == Accessibility.Public;
        if (!isPublic)
        {
            if (!attributes.Include)
            {
                return null;
            }

            if (!_compilation.IsSymbolAccessibleWithin(getter, _context))
            {
                ReportFeature("[JsonInclude] on an inaccessible property", property, "the property is left out");
                return null;
            }
        }

        bool readOnly = property.SetMethod is null || (property.SetMethod.DeclaredAccessibility != Accessibility.Public && !attributes.Include);
        if (readOnly && _options.IgnoreReadOnlyProperties)
        {
            return null;
        }

        if (property.ReturnsByRef || property.ReturnsByRefReadonly)
        {
            Report(DiagnosticDescriptors.UnsupportedMemberType, property, model.Symbol.Name, property.Name, "ref " + property.Type.ToDisplayString(s_displayFormat));
            return null;
        }

        return ReadMember(model, property, property.Type, attributes, OverriddenChain(property));
    }

    private (MemberSpec, ISymbol, int)? ReadField(ModelBuilder model, IFieldSymbol field)
    {
        var attributes = new MemberAttributes(field.GetAttributes(), _known);
        bool isPublic = field.DeclaredAccessibility == Accessibility.Public;
        if (!(isPublic && _options.IncludeFields) && !attributes.Include)
        {
            return null;
        }

        if (!isPublic && !_compilation.IsSymbolAccessibleWithin(field, _context))
        {
            ReportFeature("[JsonInclude] on an inaccessible field", field, "the field is left out");
            return null;
        }

        if ((field.IsReadOnly && _options.IgnoreReadOnlyFields) || field.IsFixedSizeBuffer)
        {
            return null;
        }

        return ReadMember(model, field, field.Type, attributes, Enumerable.Empty<ISymbol>());
    }

    private (MemberSpec, ISymbol, int)? ReadMember(ModelBuilder model, ISymbol member, ITypeSymbol type, MemberAttributes attributes, IEnumerable<ISymbol> overridden)
    {
        // Popcorn's attributes are inherited: an override keeps the [Default]/[Always]/[Never] of the member it overrides.
        int flags = PopcornFlags(member);
        string? subPropertyDefault = SubPropertyDefaultOf(member);
        string? policy = KnownTypes.FirstArgumentOf<string>(member, _known.PopcornAuthorizeAttribute);
        foreach (var baseMember in overridden)
        {
            flags |= PopcornFlags(baseMember);
            subPropertyDefault ??= SubPropertyDefaultOf(baseMember);
            policy ??= KnownTypes.FirstArgumentOf<string>(baseMember, _known.PopcornAuthorizeAttribute);
        }

        // A [Never] member stays in the metadata even when System.Text.Json ignores it (as it must: see POP012), so
        // naming it is refused as a [Never] field, exactly like an unknown one; any other ignored member is left out.
        bool never = (flags & 4) != 0;
        if (attributes.IgnoredForWriting && !never)
        {
            return null;
        }

        if (never && !attributes.IgnoredForWriting)
        {
            // System.Text.Json refuses a `required` member it cannot read (it throws when the type is first used).
            string fix = member is IPropertySymbol { IsRequired: true } or IFieldSymbol { IsRequired: true }
                ? "[JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] (a required member must stay readable)"
                : "[JsonIgnore], or [JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] to keep reading it from request bodies";
            Report(DiagnosticDescriptors.NeverMemberSerialized, member, model.Symbol.Name, member.Name, fix);
        }

        if (attributes.ExtensionData)
        {
            ReportFeature("[JsonExtensionData]", member, "the member is left out");
            return null;
        }

        if (attributes.NumberHandling)
        {
            ReportFeature("[JsonNumberHandling]", member, "numbers are written as JSON numbers");
        }

        var shape = Shape(type, attributes.Converter, member);
        if (shape is null)
        {
            if (never)
            {
                return null; // never written, so its type does not matter; unknown and [Never] answer alike
            }

            Report(DiagnosticDescriptors.UnsupportedMemberType, member, model.Symbol.Name, member.Name, type.ToDisplayString(s_displayFormat));
            return null;
        }

        string wireName = attributes.Name ?? NamingPolicies.Convert(_options.PropertyNaming, member.Name);
        bool canBeNull = type.IsReferenceType || type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T;
        var ignore = attributes.Ignore switch
        {
            IgnoreKind.WhenWritingNull when !canBeNull => IgnoreKind.Never,
            { } explicitCondition => explicitCondition,
            null when _options.DefaultIgnore == IgnoreKind.WhenWritingNull && !canBeNull => IgnoreKind.Never,
            null => _options.DefaultIgnore,
        };

        if (policy is not null && string.IsNullOrWhiteSpace(policy))
        {
            // An error, so the build stops; the metadata would refuse a blank policy when the app starts.
            Report(DiagnosticDescriptors.BlankPolicy, member, model.Symbol.Name, member.Name);
            policy = null;
        }

        if ((flags & 6) == 6)
        {
            Report(DiagnosticDescriptors.NeverAndAlways, member, model.Symbol.Name, member.Name);
            flags &= ~2;
        }

        if (!never && !IncludeSyntax.IsSelectableName(wireName, out string reason))
        {
            Report(DiagnosticDescriptors.NameNotSelectable, member, model.Symbol.Name, member.Name, wireName, reason);
        }

        var (kind, elementModel) = KindOf(shape);
        if (subPropertyDefault is not null)
        {
            string? error = elementModel is null
                ? "the member has no model type to select from"
                : IncludeSyntax.Validate(subPropertyDefault, out _);
            if (error is not null)
            {
                Report(DiagnosticDescriptors.InvalidSubPropertyDefault, member, subPropertyDefault, model.Symbol.Name, member.Name, "ignored: " + error);
                subPropertyDefault = null;
            }
        }

        bool isNullable = type.IsReferenceType
            ? type.NullableAnnotation != NullableAnnotation.NotAnnotated
            : type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T;

        var spec = new MemberSpec(
            member.Name,
            wireName,
            kind,
            type.ToDisplayString(s_displayFormat),
            flags,
            elementModel,
            subPropertyDefault,
            XmlDocs.Summary(member, _cancellationToken),
            isNullable,
            ignore,
            shape,
            policy,
            DeprecationReason(member),
            BatchFieldOf(model, member, type, overridden, flags));
        return (spec, member, attributes.Order);
    }

    /// <summary>The field kind, and the model type children apply to (through nullables, elements and values).</summary>
    private static (FieldKindSpec Kind, string? ElementModel) KindOf(ValueShape shape)
    {
        var top = shape.Kind == ShapeKind.Nullable ? shape.Element! : shape;
        var kind = top.Kind switch
        {
            ShapeKind.Model => FieldKindSpec.Object,
            ShapeKind.Sequence => FieldKindSpec.List,
            ShapeKind.Dictionary => FieldKindSpec.Map,
            _ => FieldKindSpec.Scalar,
        };

        return (kind, kind == FieldKindSpec.Scalar ? null : ModelsIn(top).FirstOrDefault());
    }

    private static IEnumerable<ISymbol> OverriddenChain(IPropertySymbol property)
    {
        for (var current = property.OverriddenProperty; current is not null; current = current.OverriddenProperty)
        {
            yield return current;
        }
    }
}
