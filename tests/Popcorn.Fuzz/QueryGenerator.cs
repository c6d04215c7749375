using System.Globalization;
using System.Text;

namespace Popcorn.Fuzz;

/// <summary>
/// Writes random, mostly valid queries straight from the grammars (not from trees), so the fuzzer's starting points
/// include what a printer never produces: odd whitespace, comments, commas, block strings, fragments, directives and
/// variables. Names come from the sample domain (so compilation is reached) mixed with random ones.
/// </summary>
public sealed class QueryGenerator(Random random)
{
    private static readonly string[] s_fieldNames =
    [
        "id", "firstName", "lastName", "email", "birthday", "employmentType", "salary", "socialSecurityNumber", "manager",
        "department", "vehicles", "skills", "links", "hired_at", "name", "head", "members", "projects", "budget", "make",
        "model", "year", "color", "licensePlate", "owner", "code", "title", "status", "progress", "dueDate", "__typename",
        "query", "fragment", "on", "true", "null", "a", "_", "x1",
    ];

    private static readonly string[] s_wildcardsInclude = ["!all", "!default", "!full"];
    private static readonly string[] s_wildcardsGraphQL = ["__all", "__default", "__full"];
    private static readonly string[] s_whitespace = ["", "", "", " ", " ", "  ", "\n", "\r\n", "\t", " \n  "];

    private readonly List<string> _variables = new();

    /// <summary>A query of <paramref name="syntax"/>.</summary>
    public string Next(FuzzSyntax syntax) => syntax == FuzzSyntax.Include ? Include() : GraphQL();

    /// <summary>An include-syntax query.</summary>
    public string Include()
    {
        var builder = new StringBuilder();
        IncludeList(builder, depth: 1);
        return builder.ToString();
    }

    /// <summary>A GraphQL-like document: a bare selection set, or an operation with variables, fragments and directives.</summary>
    public string GraphQL()
    {
        _variables.Clear();
        int fragmentCount = random.Next(4) == 0 ? random.Next(1, 4) : 0;
        var fragments = new StringBuilder();
        for (int i = 0; i < fragmentCount; i++)
        {
            fragments.Append("\nfragment F").Append(i).Append(" on ").Append(random.Next(2) == 0 ? "Employee" : "T").Append(' ');
            // A fragment may spread only later ones, so there is never a cycle; the operation spreads the first.
            GraphQLSet(fragments, depth: 1, fragmentFrom: i + 1, fragmentCount);
        }

        var body = new StringBuilder();
        GraphQLSet(body, depth: 1, fragmentFrom: fragmentCount > 0 ? 0 : int.MaxValue, fragmentCount, forceFirstSpread: fragmentCount > 0);
        for (int i = 1; i < fragmentCount; i++)
        {
            // Every fragment must be used: spread the ones no earlier fragment reached directly from the operation too.
            body.Insert(body.Length - 1, " ...F" + i + " ");
        }

        var document = new StringBuilder();
        if (random.Next(5) == 0)
        {
            document.Append("# ").Append(Name()).Append('\n');
        }

        if (_variables.Count > 0 || random.Next(4) == 0)
        {
            document.Append("query ").Append(random.Next(2) == 0 ? "Q " : string.Empty);
            if (_variables.Count > 0)
            {
                document.Append('(');
                foreach (string variable in _variables.Distinct())
                {
                    document.Append('$').Append(variable).Append(": ").Append(VariableType()).Append(random.Next(3) == 0 ? " = true" : string.Empty).Append(' ');
                }

                document.Append(") ");
            }
        }

        document.Append(body).Append(fragments);
        return document.ToString();
    }

    private void IncludeList(StringBuilder builder, int depth)
    {
        builder.Append('[').Append(Space());
        int count = random.Next(depth > 3 ? 0 : 1, depth > 3 ? 2 : 6);
        for (int i = 0; i < count; i++)
        {
            if (i > 0)
            {
                builder.Append(Space()).Append(',').Append(Space());
            }

            int shape = random.Next(12);
            if (shape == 0)
            {
                builder.Append(s_wildcardsInclude[random.Next(s_wildcardsInclude.Length)]);
                continue;
            }

            if (shape == 1)
            {
                builder.Append('-').Append(FieldName());
                continue;
            }

            if (shape == 2)
            {
                builder.Append('?');
            }

            if (random.Next(6) == 0)
            {
                builder.Append(Name()).Append(Space()).Append(':').Append(Space());
            }

            builder.Append(FieldName());
            if (random.Next(12) == 0)
            {
                Arguments(builder, allowVariables: false);
            }

            if (depth < 6 && random.Next(3) == 0)
            {
                builder.Append(Space());
                IncludeList(builder, depth + 1);
            }
        }

        builder.Append(Space()).Append(']');
    }

    private void GraphQLSet(StringBuilder builder, int depth, int fragmentFrom, int fragmentCount, bool forceFirstSpread = false)
    {
        builder.Append('{').Append(Space());
        if (forceFirstSpread)
        {
            builder.Append("...F").Append(fragmentFrom).Append(' ');
        }

        int count = random.Next(1, depth > 3 ? 2 : 6);
        for (int i = 0; i < count; i++)
        {
            builder.Append(random.Next(4) == 0 ? ", " : " ").Append(Space());
            int shape = random.Next(14);
            if (shape == 0)
            {
                builder.Append(s_wildcardsGraphQL[random.Next(s_wildcardsGraphQL.Length)]);
                continue;
            }

            if (shape == 1 && fragmentFrom < fragmentCount)
            {
                builder.Append("...F").Append(random.Next(fragmentFrom, fragmentCount));
                continue;
            }

            if (shape == 2 && depth < 6)
            {
                builder.Append("...").Append(random.Next(2) == 0 ? " on Employee " : " ");
                Directives(builder, includeOnly: true);
                GraphQLSet(builder, depth, int.MaxValue, 0);
                continue;
            }

            if (random.Next(6) == 0)
            {
                builder.Append(Name()).Append(':').Append(Space());
            }

            builder.Append(FieldName());
            if (random.Next(12) == 0)
            {
                Arguments(builder, allowVariables: true);
            }

            Directives(builder, includeOnly: false);
            if (depth < 6 && random.Next(3) == 0)
            {
                builder.Append(' ');
                GraphQLSet(builder, depth + 1, int.MaxValue, 0);
            }
        }

        builder.Append(Space()).Append(" }");
    }

    private void Directives(StringBuilder builder, bool includeOnly)
    {
        switch (random.Next(includeOnly ? 3 : 8))
        {
            case 0:
                builder.Append(" @include(if: ").Append(Condition()).Append(") ");
                break;
            case 1:
                builder.Append(" @skip(if: ").Append(Condition()).Append(") ");
                break;
            case 3:
                builder.Append(" @optional ");
                break;
            case 4:
                builder.Append(" @exclude ");
                break;
        }
    }

    private string Condition()
    {
        if (random.Next(3) == 0)
        {
            string variable = "b" + random.Next(3).ToString(CultureInfo.InvariantCulture);
            _variables.Add(variable);
            return "$" + variable;
        }

        return random.Next(2) == 0 ? "true" : "false";
    }

    private string VariableType() => random.Next(5) switch
    {
        0 => "Boolean!",
        1 => "Boolean",
        2 => "Boolean = false",
        3 => "Boolean! = true",
        _ => "Boolean",
    };

    private void Arguments(StringBuilder builder, bool allowVariables)
    {
        builder.Append('(');
        int count = random.Next(1, 4);
        for (int i = 0; i < count; i++)
        {
            builder.Append(i > 0 ? ", " : string.Empty).Append("a").Append(i.ToString(CultureInfo.InvariantCulture)).Append(':').Append(Space());
            Value(builder, depth: 0, allowVariables);
        }

        builder.Append(')');
    }

    private void Value(StringBuilder builder, int depth, bool allowVariables)
    {
        switch (random.Next(depth > 3 ? 7 : 9))
        {
            case 0: builder.Append("null"); break;
            case 1: builder.Append(random.Next(2) == 0 ? "true" : "false"); break;
            case 2: builder.Append(random.Next(-1000, 1000).ToString(CultureInfo.InvariantCulture)); break;
            case 3: builder.Append(random.Next(6) == 0 ? "1e400" : (random.NextDouble() * 1000).ToString("0.###e0", CultureInfo.InvariantCulture)); break;
            case 4: builder.Append("\"").Append(random.Next(3) == 0 ? "\\u00e9\\n\\\"" : Name()).Append('"'); break;
            case 5: builder.Append("\"\"\"\n  ").Append(Name()).Append("\n    \\\"\"\" \n\"\"\""); break;
            case 6: builder.Append(random.Next(2) == 0 ? "ACTIVE" : "FullTime"); break;
            case 7:
                builder.Append('[');
                for (int i = random.Next(3); i > 0; i--)
                {
                    Value(builder, depth + 1, allowVariables);
                    builder.Append(", ");
                }

                builder.Append(']');
                break;
            default:
                builder.Append('{');
                for (int i = random.Next(3); i > 0; i--)
                {
                    builder.Append('k').Append(i.ToString(CultureInfo.InvariantCulture)).Append(": ");
                    Value(builder, depth + 1, allowVariables);
                    builder.Append(' ');
                }

                builder.Append('}');
                break;
        }
    }

    private string FieldName() => random.Next(5) == 0 ? Name() : s_fieldNames[random.Next(s_fieldNames.Length)];

    private string Space() => s_whitespace[random.Next(s_whitespace.Length)];

    private string Name()
    {
        const string start = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
        const string part = start + "0123456789";
        var builder = new StringBuilder();
        builder.Append(start[random.Next(start.Length)]);
        for (int i = random.Next(0, 10); i > 0; i--)
        {
            builder.Append(part[random.Next(part.Length)]);
        }

        string name = builder.ToString();
        return name.StartsWith("__", StringComparison.Ordinal) ? "x" + name : name;
    }
}
