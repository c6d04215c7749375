using System.Text;

namespace Popcorn.Query;

/// <summary>
/// Prints trees in the canonical forms of both syntaxes. Parsing a print gives back an equal tree,
/// and equal trees print to equal text, so the include print serves as a cache key.
/// </summary>
public static class SelectionPrinter
{
    /// <summary>The tree in canonical include syntax, e.g. <c>[id,boss:manager[firstName],-email]</c>.</summary>
    public static string PrintInclude(SelectionTree tree)
    {
        ArgumentNullException.ThrowIfNull(tree);
        var builder = new StringBuilder();
        AppendArguments(builder, tree.Arguments);
        AppendIncludeList(builder, tree.Properties, int.MaxValue);
        return builder.ToString();
    }

    /// <summary>
    /// The canonical include print, or null as soon as it grows past <paramref name="maxLength"/> characters. Fragments
    /// and variables let a short query expand into a tree whose print is megabytes long, so a caller that keeps or
    /// compares prints bounds them first.
    /// </summary>
    public static string? PrintIncludeWithin(SelectionTree tree, int maxLength)
    {
        ArgumentNullException.ThrowIfNull(tree);
        var builder = new StringBuilder();
        AppendArguments(builder, tree.Arguments);
        return AppendIncludeList(builder, tree.Properties, maxLength) ? builder.ToString() : null;
    }

    /// <summary>One node in canonical include syntax.</summary>
    public static string PrintInclude(PropertyReference property)
    {
        ArgumentNullException.ThrowIfNull(property);
        var builder = new StringBuilder();
        AppendInclude(builder, property, int.MaxValue);
        return builder.ToString();
    }

    /// <summary>The tree in canonical GraphQL-like syntax, e.g. <c>{ id boss: manager { firstName } email @exclude }</c>.</summary>
    public static string PrintGraphQL(SelectionTree tree)
    {
        ArgumentNullException.ThrowIfNull(tree);
        var builder = new StringBuilder();
        AppendArguments(builder, tree.Arguments);
        if (tree.Arguments.Count > 0)
        {
            builder.Append(' ');
        }

        AppendGraphQLSet(builder, tree.Properties);
        return builder.ToString();
    }

    /// <returns>False, with the print unfinished, once it is longer than <paramref name="maxLength"/>.</returns>
    private static bool AppendIncludeList(StringBuilder builder, IReadOnlyList<PropertyReference> properties, int maxLength)
    {
        builder.Append('[');
        for (int i = 0; i < properties.Count; i++)
        {
            if (i > 0)
            {
                builder.Append(',');
            }

            if (!AppendInclude(builder, properties[i], maxLength) || builder.Length > maxLength)
            {
                return false;
            }
        }

        builder.Append(']');
        return builder.Length <= maxLength;
    }

    private static bool AppendInclude(StringBuilder builder, PropertyReference property, int maxLength)
    {
        if (property.TypeCondition is { } typeCondition)
        {
            builder.Append("...on ").Append(typeCondition);
            return AppendIncludeList(builder, property.Children, maxLength);
        }

        if (property.IsNegated)
        {
            builder.Append('-');
        }

        if (property.IsOptional)
        {
            builder.Append('?');
        }

        if (property.Alias is not null)
        {
            builder.Append(property.Alias).Append(':');
        }

        builder.Append(property.Name);
        AppendArguments(builder, property.Arguments);
        return property.Children.Count == 0 || AppendIncludeList(builder, property.Children, maxLength);
    }

    private static void AppendGraphQLSet(StringBuilder builder, IReadOnlyList<PropertyReference> properties)
    {
        builder.Append('{');
        for (int i = 0; i < properties.Count; i++)
        {
            builder.Append(' ');
            AppendGraphQL(builder, properties[i]);
        }

        builder.Append(properties.Count == 0 ? "}" : " }");
    }

    private static void AppendGraphQL(StringBuilder builder, PropertyReference property)
    {
        if (property.TypeCondition is { } typeCondition)
        {
            builder.Append("... on ").Append(typeCondition).Append(' ');
            AppendGraphQLSet(builder, property.Children);
            return;
        }

        if (property.Alias is not null)
        {
            builder.Append(property.Alias).Append(": ");
        }

        builder.Append(property.IsWildcard ? GraphQLWildcards.ToGraphQLName(property.Name) : property.Name);
        AppendArguments(builder, property.Arguments);
        if (property.IsNegated)
        {
            builder.Append(" @").Append(GraphQLWildcards.ExcludeDirective);
        }

        if (property.IsOptional)
        {
            builder.Append(" @").Append(GraphQLWildcards.OptionalDirective);
        }

        if (property.Children.Count > 0)
        {
            builder.Append(' ');
            AppendGraphQLSet(builder, property.Children);
        }
    }

    private static void AppendArguments(StringBuilder builder, IReadOnlyList<QueryArgument> arguments)
    {
        if (arguments.Count == 0)
        {
            return;
        }

        builder.Append('(');
        for (int i = 0; i < arguments.Count; i++)
        {
            if (i > 0)
            {
                builder.Append(", ");
            }

            builder.Append(arguments[i].Name).Append(": ");
            AppendValue(builder, arguments[i].Value);
        }

        builder.Append(')');
    }

    /// <summary>Appends a literal in GraphQL value syntax, which both grammars share.</summary>
    internal static void AppendValue(StringBuilder builder, QueryValue value)
    {
        switch (value.Kind)
        {
            case QueryValueKind.Null:
                builder.Append("null");
                break;
            case QueryValueKind.String:
                GraphQLStringLiteral.Append(builder, value.Text!);
                break;
            case QueryValueKind.List:
                builder.Append('[');
                for (int i = 0; i < value.Items.Count; i++)
                {
                    if (i > 0)
                    {
                        builder.Append(", ");
                    }

                    AppendValue(builder, value.Items[i]);
                }

                builder.Append(']');
                break;
            case QueryValueKind.Object:
                builder.Append('{');
                for (int i = 0; i < value.Fields.Count; i++)
                {
                    if (i > 0)
                    {
                        builder.Append(", ");
                    }

                    builder.Append(value.Fields[i].Name).Append(": ");
                    AppendValue(builder, value.Fields[i].Value);
                }

                builder.Append('}');
                break;
            default:
                builder.Append(value.Text);
                break;
        }
    }
}
