using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Popcorn.Generator.Diagnostics;

namespace Popcorn.Generator.Parsing;

/// <summary><c>[SubPropertyDefault]</c>: read from a member, then checked against the model it applies to.</summary>
internal sealed partial class ContextParser
{
    private string? SubPropertyDefaultOf(ISymbol member) =>
        KnownTypes.FirstArgumentOf<string>(member, _known.SubPropertyDefaultAttribute);

    /// <summary>Checks that <c>[SubPropertyDefault]</c> names fields its model type has (once every model is read).</summary>
    private void ValidateSubPropertyDefaults()
    {
        var byIdentifier = _modelOrder.ToDictionary(m => m.Identifier, StringComparer.Ordinal);
        foreach (var model in _modelOrder)
        {
            for (int i = 0; i < model.Members.Count; i++)
            {
                var member = model.Members[i];
                if (member.SubPropertyDefault is null || member.ElementModel is null || !byIdentifier.TryGetValue(member.ElementModel, out var target))
                {
                    continue;
                }

                IncludeSyntax.Validate(member.SubPropertyDefault, out var names);
                var selectable = new HashSet<string>(target.Members.Where(m => !m.IsNever).Select(m => m.WireName), StringComparer.Ordinal);
                var hidden = new HashSet<string>(target.Members.Where(m => m.IsNever).Select(m => m.WireName), StringComparer.Ordinal);
                var unknown = names.FirstOrDefault(n => !n.Optional && !selectable.Contains(n.Name) && !hidden.Contains(n.Name));
                var never = names.FirstOrDefault(n => !n.Optional && hidden.Contains(n.Name));
                if (unknown.Name is not null)
                {
                    Report(
                        DiagnosticDescriptors.InvalidSubPropertyDefault,
                        model.MemberSymbols[i],
                        member.SubPropertyDefault,
                        model.Symbol.Name,
                        member.MemberName,
                        $"ignored, as '{target.MetadataName}' has no selectable field '{unknown.Name}'");
                    model.Members[i] = member with { SubPropertyDefault = null };
                }
                else if (never.Name is not null)
                {
                    // The rest of the text still applies (as upstream Popcorn kept it): the plan compiler skips names in
                    // the server's own text that no caller may see, so the [Never] one is simply never written.
                    Report(
                        DiagnosticDescriptors.InvalidSubPropertyDefault,
                        model.MemberSymbols[i],
                        member.SubPropertyDefault,
                        model.Symbol.Name,
                        member.MemberName,
                        $"'{never.Name}' is [Never] on '{target.MetadataName}' and is left out; the other fields apply");
                }
            }
        }
    }
}
