using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Popcorn.Generator.Diagnostics;

namespace Popcorn.Generator.Parsing;

/// <summary><c>[BatchResolved(typeof(R))]</c>: the resolver is checked here, so a mismatch stops the build rather than the first request.</summary>
internal sealed partial class ContextParser
{
    /// <summary>
    /// The expression creating the member's <c>PopcornBatchField</c>, or null when it has no <c>[BatchResolved]</c>
    /// (an override inherits it). A resolver that does not fit is reported (POP014) and the member stays a plain one.
    /// </summary>
    private string? BatchFieldOf(ModelBuilder model, ISymbol member, ITypeSymbol type, IEnumerable<ISymbol> overridden, int flags)
    {
        var resolver = ResolverOf(member) ?? overridden.Select(ResolverOf).FirstOrDefault(r => r is not null);
        if (resolver is null)
        {
            return null;
        }

        string? problem = null;
        INamedTypeSymbol? contract = null;
        if (model.Symbol.IsValueType)
        {
            problem = "the declaring type is a struct, whose objects have no identity to resolve by; make it a class";
        }
        else if ((flags & (4 | 8 | 16)) != 0)
        {
            problem = "a resolved member cannot be [Never], [Sortable] or [Filterable]: its value does not exist until the response is written";
        }
        else if (resolver.IsAbstract || resolver.TypeKind != TypeKind.Class)
        {
            problem = $"'{resolver.ToDisplayString(s_displayFormat)}' must be a non-abstract class";
        }
        else
        {
            contract = resolver.AllInterfaces.FirstOrDefault(i =>
                SymbolEqualityComparer.Default.Equals(i.OriginalDefinition, _known.BatchResolver)
                && IsAssignableTo(model.Symbol, i.TypeArguments[0])
                && SymbolEqualityComparer.Default.Equals(i.TypeArguments[1].WithNullableAnnotation(NullableAnnotation.None), type.WithNullableAnnotation(NullableAnnotation.None)));
            if (contract is null)
            {
                problem = $"'{resolver.ToDisplayString(s_displayFormat)}' must implement IPopcornBatchResolver<{model.Symbol.Name}, {type.ToDisplayString(s_displayFormat)}>";
            }
        }

        if (problem is not null)
        {
            Report(DiagnosticDescriptors.BatchResolverMismatch, member, model.Symbol.Name, member.Name, problem);
            return null;
        }

        string parent = contract!.TypeArguments[0].WithNullableAnnotation(NullableAnnotation.None).ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        string value = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat.AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier));
        return $"new global::Popcorn.Query.PopcornBatchField<{parent}, {value}>(typeof({resolver.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)}))";
    }

    private INamedTypeSymbol? ResolverOf(ISymbol member)
    {
        foreach (var attribute in member.GetAttributes())
        {
            if (KnownTypes.IsAttribute(attribute, _known.BatchResolvedAttribute)
                && attribute.ConstructorArguments.Length > 0
                && attribute.ConstructorArguments[0].Value is INamedTypeSymbol resolver)
            {
                return resolver;
            }
        }

        return null;
    }

    private static bool IsAssignableTo(INamedTypeSymbol type, ITypeSymbol target)
    {
        for (INamedTypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, target))
            {
                return true;
            }
        }

        return false;
    }
}
