using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Parsing;

/// <summary>Cycle analysis and the final, symbol-free spec.</summary>
internal sealed partial class ContextParser
{
    private readonly Dictionary<string, (INamedTypeSymbol Type, bool ViaConverter)> _stringEnums = new(StringComparer.Ordinal);
    private readonly Dictionary<string, string> _enumIdentifiers = new(StringComparer.Ordinal);

    /// <summary>
    /// Marks the model types that can reach themselves (Tarjan's strongly connected components). A member
    /// declared as a base type may hold a derived instance, so a base type also leads to its derived models.
    /// </summary>
    private void AnalyzeCycles()
    {
        var byIdentifier = _modelOrder.ToDictionary(m => m.Identifier, StringComparer.Ordinal);
        var edges = new Dictionary<ModelBuilder, List<ModelBuilder>>();
        foreach (var model in _modelOrder)
        {
            var targets = model.References.Select(r => byIdentifier[r]).ToList();
            foreach (var other in _modelOrder)
            {
                if (other != model && InheritsFrom(other.Symbol, model.Symbol))
                {
                    targets.Add(other);
                }
            }

            edges[model] = targets;
        }

        int index = 0;
        var indices = new Dictionary<ModelBuilder, int>();
        var lowLinks = new Dictionary<ModelBuilder, int>();
        var stack = new Stack<ModelBuilder>();
        var onStack = new HashSet<ModelBuilder>();

        void Connect(ModelBuilder node)
        {
            indices[node] = lowLinks[node] = index++;
            stack.Push(node);
            onStack.Add(node);
            foreach (var next in edges[node])
            {
                if (!indices.ContainsKey(next))
                {
                    Connect(next);
                    lowLinks[node] = Math.Min(lowLinks[node], lowLinks[next]);
                }
                else if (onStack.Contains(next))
                {
                    lowLinks[node] = Math.Min(lowLinks[node], indices[next]);
                }
            }

            if (lowLinks[node] == indices[node])
            {
                var component = new List<ModelBuilder>();
                ModelBuilder member;
                do
                {
                    member = stack.Pop();
                    onStack.Remove(member);
                    component.Add(member);
                }
                while (member != node);

                bool cyclic = component.Count > 1 || edges[node].Contains(node);
                foreach (var m in component)
                {
                    m.InCycle = cyclic;
                }
            }
        }

        foreach (var model in _modelOrder)
        {
            if (!indices.ContainsKey(model))
            {
                Connect(model);
            }
        }

        foreach (var model in _modelOrder)
        {
            var visited = new HashSet<ModelBuilder>();
            var pending = new Stack<ModelBuilder>();
            pending.Push(model);
            while (pending.Count > 0)
            {
                var current = pending.Pop();
                if (!visited.Add(current))
                {
                    continue;
                }

                if (current.InCycle)
                {
                    model.ReachesCycle = true;
                    break;
                }

                foreach (var next in edges[current])
                {
                    pending.Push(next);
                }
            }
        }
    }

    private ContextSpec BuildSpec()
    {
        var models = _modelOrder.Select(m => new ModelSpec(
            m.Symbol.ToDisplayString(s_codeFormat),
            m.Symbol.ToDisplayString(s_typeOfFormat),
            m.MetadataName,
            m.Identifier,
            XmlDocs.Summary(m.Symbol, _cancellationToken),
            m.Symbol.IsValueType,
            IsEffectivelyPublic(m.Symbol),
            m.InCycle,
            m.ReachesCycle,
            m.Members.ToEquatableArray(),
            m.Polymorphism,
            m.IsDerivedType)).ToList();

        var delegated = new Dictionary<string, DelegatedTypeSpec>(StringComparer.Ordinal);
        var converters = new Dictionary<string, ConverterSpec>(StringComparer.Ordinal);
        var enums = new Dictionary<string, EnumSpec>(StringComparer.Ordinal);
        var identifiers = new HashSet<string>(StringComparer.Ordinal);

        string Unique(string candidate)
        {
            string identifier = candidate;
            for (int i = 2; !identifiers.Add(identifier); i++)
            {
                identifier = candidate + i.ToString(CultureInfo.InvariantCulture);
            }

            return identifier;
        }

        DelegatedTypeSpec AddDelegated(string typeName, string typeOfName)
        {
            if (!delegated.TryGetValue(typeName, out var spec))
            {
                spec = new DelegatedTypeSpec(typeName, typeOfName, Unique("TypeInfo_" + Sanitize(typeName)));
                delegated.Add(typeName, spec);
            }

            return spec;
        }

        ConverterSpec AddConverter(string typeName, string converterTypeName)
        {
            string key = converterTypeName + "|" + typeName;
            if (!converters.TryGetValue(key, out var spec))
            {
                spec = new ConverterSpec(typeName, converterTypeName, Unique("Converter_" + Sanitize(converterTypeName) + "_" + Sanitize(typeName)));
                converters.Add(key, spec);
            }

            return spec;
        }

        ValueShape Visit(ValueShape shape)
        {
            switch (shape.Kind)
            {
                case ShapeKind.Delegated:
                    return shape with { Target = AddDelegated(shape.TypeName, shape.Target!).Identifier };
                case ShapeKind.Converter:
                    return shape with { Target = AddConverter(shape.TypeName, shape.Target!).Identifier };
                case ShapeKind.StringEnum:
                    if (!enums.ContainsKey(shape.Target!))
                    {
                        enums.Add(shape.Target!, BuildEnum(shape.Target!, AddDelegated, AddConverter));
                    }

                    return shape;
                default:
                    return shape.Element is null ? shape : shape with { Element = Visit(shape.Element) };
            }
        }

        for (int i = 0; i < models.Count; i++)
        {
            var members = models[i].Members.Select(m => m with { Shape = Visit(m.Shape) }).ToEquatableArray();
            models[i] = models[i] with { Members = members };
        }

        var containing = new List<string>();
        for (var type = _context.ContainingType; type is not null; type = type.ContainingType)
        {
            containing.Insert(0, "partial " + TypeKeyword(type) + " " + type.Name);
        }

        string? ns = _context.ContainingNamespace is { IsGlobalNamespace: false } n ? n.ToDisplayString() : null;
        string fullName = _context.ToDisplayString(s_typeOfFormat);
        return new ContextSpec(
            ns,
            _context.Name,
            fullName,
            containing.ToEquatableArray(),
            fullName.Replace("global::", string.Empty),
            models.ToEquatableArray(),
            enums.Values.ToEquatableArray(),
            delegated.Values.ToEquatableArray(),
            converters.Values.ToEquatableArray(),
            NamingPolicies.PropertyName(_options.DictionaryKeyPolicy));
    }

    private EnumSpec BuildEnum(string identifier, Func<string, string, DelegatedTypeSpec> addDelegated, Func<string, string, ConverterSpec> addConverter)
    {
        var (type, viaConverter) = _stringEnums[identifier];
        string typeName = type.ToDisplayString(s_codeFormat);
        string fallback = viaConverter
            ? addConverter(typeName, "global::System.Text.Json.Serialization.JsonStringEnumConverter<" + typeName + ">").Identifier
            : addDelegated(typeName, type.ToDisplayString(s_typeOfFormat)).Identifier;

        // Values shared by several names are left to System.Text.Json, which decides which name wins.
        var fields = type.GetMembers().OfType<IFieldSymbol>().Where(f => f.HasConstantValue).ToList();
        var valueCounts = fields.GroupBy(f => Bits(f.ConstantValue!)).ToDictionary(g => g.Key, g => g.Count());
        var members = new List<EnumMemberSpec>();
        foreach (var field in fields)
        {
            if (valueCounts[Bits(field.ConstantValue!)] > 1)
            {
                continue;
            }

            string name = field.Name;
            foreach (var attribute in field.GetAttributes())
            {
                if (KnownTypes.IsAttribute(attribute, _known.JsonStringEnumMemberNameAttribute) && attribute.ConstructorArguments.FirstOrDefault().Value is string custom)
                {
                    name = custom;
                }
            }

            members.Add(new EnumMemberSpec(field.Name, name));
        }

        return new EnumSpec(typeName, identifier, fallback, viaConverter, members.ToEquatableArray());
    }

    private static ulong Bits(object value) =>
        value is ulong unsigned ? unsigned : unchecked((ulong)Convert.ToInt64(value, CultureInfo.InvariantCulture));

    private static string TypeKeyword(INamedTypeSymbol type) => type switch
    {
        { IsRecord: true, TypeKind: TypeKind.Struct } => "record struct",
        { IsRecord: true } => "record",
        { TypeKind: TypeKind.Struct } => "struct",
        { TypeKind: TypeKind.Interface } => "interface",
        _ => "class",
    };

    private static bool IsEffectivelyPublic(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return IsEffectivelyPublic(array.ElementType);
            case INamedTypeSymbol named:
                for (INamedTypeSymbol? current = named; current is not null; current = current.ContainingType)
                {
                    if (current.DeclaredAccessibility != Accessibility.Public)
                    {
                        return false;
                    }
                }

                return named.TypeArguments.All(IsEffectivelyPublic);
            default:
                return true;
        }
    }

    /// <summary>An identifier fragment from a type name: <c>global::System.Collections.Generic.List&lt;int&gt;</c> becomes <c>List_int</c>.</summary>
    private static string Sanitize(string typeName)
    {
        var result = new StringBuilder();
        var word = new StringBuilder();
        void Flush()
        {
            if (word.Length > 0)
            {
                if (result.Length > 0 && result[result.Length - 1] != '_')
                {
                    result.Append('_');
                }

                result.Append(word);
                word.Clear();
            }
        }

        string text = typeName.Replace("global::", string.Empty);
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (char.IsLetterOrDigit(c) || c == '_')
            {
                word.Append(c);
            }
            else if (c == '.')
            {
                // Namespaces and containing types are dropped: only the last segment names the type.
                word.Clear();
            }
            else
            {
                Flush();
                if (c == '?')
                {
                    result.Append("_Nullable");
                }
                else if (c == '[')
                {
                    result.Append("_Array");
                }
            }
        }

        Flush();
        return result.ToString().Trim('_');
    }
}
