using System.Buffers.Text;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace Popcorn.Query;

/// <summary>
/// What a plan writes, as a short text that is the same for two plans exactly when they write the same keys, under
/// the same names, with the same child plans, and for every process that has the same models: the meaning of a
/// selection rather than its spelling. Under Popcorn's REST semantics <c>[a,b]</c>, <c>{ b a }</c> and
/// <c>[!default,a,b]</c> (when <c>a</c> and <c>b</c> are the defaults) all have one signature. Response caches key by
/// it; the model types it reaches name the entries for eviction.
/// </summary>
internal sealed class PlanSignature
{
    private PlanSignature(string key, IReadOnlyList<string> typeNames)
    {
        Key = key;
        TypeNames = typeNames;
    }

    /// <summary>22 characters of base64url: the first 128 bits of the SHA-256 of the plan's canonical print.</summary>
    public string Key { get; }

    /// <summary>Every model type the plan writes (the root first, then in the order they are reached), each once.</summary>
    public IReadOnlyList<string> TypeNames { get; }

    /// <summary>Computes the signature; <see cref="SelectionPlan.Signature"/> keeps it with the plan.</summary>
    public static PlanSignature Of(SelectionPlan plan)
    {
        var print = new StringBuilder();
        var visited = new Dictionary<SelectionPlan, int>(ReferenceEqualityComparer.Instance);
        var typeNames = new List<string>();
        if (plan.Arguments is { } arguments)
        {
            // The root list's arguments: two requests that differ only by them write different responses.
            print.Append('(');
            AppendName(print, arguments.Text);
        }

        Append(print, plan, visited, typeNames);

        Span<byte> digest = stackalloc byte[SHA256.HashSizeInBytes];
        SHA256.HashData(Encoding.UTF8.GetBytes(print.ToString()), digest);
        return new PlanSignature(Base64Url.EncodeToString(digest[..16]), typeNames);
    }

    /// <summary>
    /// A depth-first print of the plan graph. Every name is length-prefixed, so no name (a wire name may hold any
    /// character) can run into the next; a plan met again (the deep wildcard's plans cycle) is printed as a reference
    /// to its first visit, so the print is finite and two graphs print alike only when they are the same graph.
    /// </summary>
    private static void Append(StringBuilder print, SelectionPlan plan, Dictionary<SelectionPlan, int> visited, List<string> typeNames)
    {
        if (visited.TryGetValue(plan, out int seen))
        {
            print.Append('^').Append(seen.ToString(CultureInfo.InvariantCulture)).Append(';');
            return;
        }

        visited.Add(plan, visited.Count);
        if (!typeNames.Contains(plan.Type.Name))
        {
            typeNames.Add(plan.Type.Name);
        }

        AppendName(print, plan.Type.Name);
        print.Append('{');
        foreach (var field in plan.Fields)
        {
            AppendName(print, field.OutputName);
            AppendName(print, field.Field?.WireName ?? "__typename");
            if (field.Aggregate is { } aggregate)
            {
                // An aggregate writes numbers, not the list: its own mark, filter and keys.
                print.Append('#');
                AppendName(print, aggregate.Filter?.Text ?? string.Empty);
                AppendMeasures(print, aggregate.Measures);

                print.Append('.');
                continue;
            }

            if (field.Arguments is { } arguments)
            {
                print.Append('(');
                AppendName(print, arguments.Text);
            }

            if (field.Child is { } child)
            {
                Append(print, child, visited, typeNames);
            }
            else
            {
                print.Append('.');
            }
        }

        print.Append('}');

        // A polymorphic base's plan also writes each derived type's plan, and the discriminator or not.
        if (plan.DerivedPlans.Length > 0)
        {
            print.Append(plan.WritesDiscriminator ? "<$" : "<");
            foreach (var derived in plan.DerivedPlans)
            {
                Append(print, derived, visited, typeNames);
            }

            print.Append('>');
        }
    }

    /// <summary>An aggregate's keys: each measure's name, kind and operands; a group's fields and its own measures.</summary>
    private static void AppendMeasures(StringBuilder print, IReadOnlyList<AggregateMeasure> measures)
    {
        foreach (var measure in measures)
        {
            AppendName(print, measure.OutputName);
            print.Append((int)measure.Kind);
            foreach (var operand in measure.Operands)
            {
                AppendName(print, operand.OutputName);
                AppendName(print, operand.Field?.WireName ?? "__typename");
            }

            if (measure.Groups is { } groups)
            {
                print.Append('(');
                foreach (var field in groups.By)
                {
                    AppendName(print, field.WireName);
                }

                print.Append(')');
                AppendMeasures(print, groups.Measures);
            }

            print.Append(';');
        }
    }

    private static void AppendName(StringBuilder print, string name) =>
        print.Append(name.Length.ToString(CultureInfo.InvariantCulture)).Append(':').Append(name);
}
