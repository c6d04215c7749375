using System.Diagnostics;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Fuzz;

/// <summary>
/// Runs one input through what a server does on a cache miss (parse with the default limits, compile against the
/// resource's type), timing that, then checks, untimed, the properties every input must keep.
/// </summary>
public static class FuzzTarget
{
    /// <summary>
    /// Limits to parse prints back with. A print can be longer than its source (fragments expand) and nest deeper: the
    /// expanded tree's depth counts fields only, by design, while a print's argument values nest in the text, and a
    /// variable's JSON value can be as deep as the host's JSON reader allows.
    /// </summary>
    private static readonly SelectionParserOptions s_printLimits = SelectionParserOptions.Default with { MaxLength = int.MaxValue, MaxDepth = 1_024 };

    /// <summary>Trees whose print would be longer than this skip the round-trip check (fragments can expand a few KB into megabytes).</summary>
    private const int MaxRoundTripLength = 64 * 1024;

    /// <summary>Runs <paramref name="input"/> once and reports what happened and how long the parse and compile took.</summary>
    public static (FuzzOutcome Outcome, long Ticks, Exception? Error, SelectionTree? Tree, SelectionPlan? Plan) Execute(FuzzCase input)
    {
        SelectionTree tree;
        long start = Stopwatch.GetTimestamp();
        try
        {
            tree = SelectionParser.Parse(input.Text, SelectionParserOptions.Default, input.Variables, input.OperationName);
        }
        catch (PopcornQueryException e)
        {
            return (FuzzOutcome.RejectedByParser, Stopwatch.GetTimestamp() - start, e, null, null);
        }
        catch (Exception e)
        {
            return (FuzzOutcome.Escaped, Stopwatch.GetTimestamp() - start, e, null, null);
        }

        try
        {
            var plan = PlanCompiler.Compile(input.Type, tree);
            return (FuzzOutcome.Accepted, Stopwatch.GetTimestamp() - start, null, tree, plan);
        }
        catch (PopcornQueryException e)
        {
            return (FuzzOutcome.RejectedByCompiler, Stopwatch.GetTimestamp() - start, e, tree, null);
        }
        catch (Exception e)
        {
            return (FuzzOutcome.Escaped, Stopwatch.GetTimestamp() - start, e, tree, null);
        }
    }

    /// <summary>The first broken property of an executed input, or null when it kept them all.</summary>
    public static string? Check(FuzzCase input, FuzzOutcome outcome, Exception? error, SelectionTree? tree, SelectionPlan? plan)
    {
        if (outcome == FuzzOutcome.Escaped)
        {
            return $"{error!.GetType().Name} escaped: {error}";
        }

        if (error is PopcornQueryException queryError && CheckError(input.Text, queryError) is { } badError)
        {
            return badError;
        }

        // The syntax-specific entry points see inputs the first-character dispatch would send elsewhere.
        if (OnlyQueryErrors(() => SelectionParser.ParseInclude(input.Text)) is { } include)
        {
            return "ParseInclude: " + include;
        }

        if (OnlyQueryErrors(() => SelectionParser.ParseGraphQL(input.Text, variables: input.Variables, operationName: input.OperationName)) is { } graphQL)
        {
            return "ParseGraphQL: " + graphQL;
        }

        if (tree is not null && PrintFits(tree) && CheckRoundTrip(tree) is { } roundTrip)
        {
            return roundTrip;
        }

        if (plan is not null && FindNeverField(plan) is { } never)
        {
            return $"The plan writes the [Never] field '{never}'.";
        }

        return null;
    }

    private static string? CheckError(string text, PopcornQueryException error)
    {
        if (error.Line < 1 || error.Column < 1 || error.Location.Offset < 0 || error.Location.Offset > text.Length)
        {
            return $"The error's position is off: line {error.Line}, column {error.Column}, offset {error.Location.Offset} in {text.Length} characters ({error.Message}).";
        }

        if (error.Excerpt.Length > PopcornQueryException.MaxExcerptLength)
        {
            return $"The error quotes {error.Excerpt.Length} characters, more than {PopcornQueryException.MaxExcerptLength}.";
        }

        if (string.IsNullOrWhiteSpace(error.Detail) || !Enum.IsDefined(error.Kind))
        {
            return $"The error has no detail or an undefined kind ({error.Kind}).";
        }

        return null;
    }

    private static string? OnlyQueryErrors(Action parse)
    {
        try
        {
            parse();
            return null;
        }
        catch (PopcornQueryException)
        {
            return null;
        }
        catch (Exception e)
        {
            return $"{e.GetType().Name} escaped: {e}";
        }
    }

    /// <summary>Parsing either canonical print gives back an equal tree.</summary>
    private static string? CheckRoundTrip(SelectionTree tree)
    {
        foreach (var (name, print, parse) in new (string, Func<SelectionTree, string>, Func<string, SelectionTree>)[]
        {
            ("include", SelectionPrinter.PrintInclude, text => SelectionParser.ParseInclude(text, s_printLimits)),
            ("GraphQL", SelectionPrinter.PrintGraphQL, text => SelectionParser.ParseGraphQL(text, s_printLimits)),
        })
        {
            string printed = print(tree);
            try
            {
                var again = parse(printed);
                if (!again.Equals(tree))
                {
                    return $"The {name} print {JsonSerializer.Serialize(printed)} parses to a different tree: {JsonSerializer.Serialize(again.ToIncludeString())}.";
                }
            }
            catch (Exception e)
            {
                return $"The {name} print {JsonSerializer.Serialize(printed)} does not parse: {e.GetType().Name}: {e.Message}";
            }
        }

        return null;
    }

    /// <summary>An upper bound on the print's length, computed without printing, so fragment-expanded trees are not printed.</summary>
    private static bool PrintFits(SelectionTree tree)
    {
        long budget = MaxRoundTripLength;
        return Fits(tree.Properties, ref budget);

        static bool Fits(IReadOnlyList<PropertyReference> properties, ref long budget)
        {
            foreach (var property in properties)
            {
                budget -= property.Name.Length + (property.Alias?.Length ?? 0) + 24;
                foreach (var argument in property.Arguments)
                {
                    budget -= argument.Name.Length + ValueLength(argument.Value, 0);
                }

                if (budget < 0 || !Fits(property.Children, ref budget))
                {
                    return false;
                }
            }

            return true;
        }

        static long ValueLength(QueryValue value, int depth)
        {
            // Strings print escaped: up to six characters per character.
            long length = 8 + (6L * (value.Text?.Length ?? 0));
            foreach (var item in value.Items)
            {
                length += ValueLength(item, depth + 1);
            }

            foreach (var field in value.Fields)
            {
                length += field.Name.Length + ValueLength(field.Value, depth + 1);
            }

            return length;
        }
    }

    private static string? FindNeverField(SelectionPlan root)
    {
        var seen = new HashSet<SelectionPlan>(ReferenceEqualityComparer.Instance);
        var pending = new Stack<SelectionPlan>();
        pending.Push(root);
        while (pending.Count > 0)
        {
            var plan = pending.Pop();
            if (!seen.Add(plan))
            {
                continue;
            }

            foreach (var field in plan.Fields)
            {
                if (field.Field is { IsNever: true } never)
                {
                    return $"{plan.Type.Name}.{never.WireName}";
                }

                if (field.Child is { } child)
                {
                    pending.Push(child);
                }
            }
        }

        return null;
    }
}
