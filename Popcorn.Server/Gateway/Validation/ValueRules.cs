using System.Globalization;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The spec's Values of Correct Type (5.6.1) for an argument or a default value, in graphql-js's wording (the built-in
/// scalars' own messages, <c>Expected value of type "Int!", found null.</c> otherwise), quoting at most 40 characters
/// of the value (a literal can be as long as the document); every variable met is recorded with the type its position
/// expects, for All Variable Usages Are Allowed.
/// </summary>
internal static class ValueRules
{
    /// <summary>
    /// Checks an argument's value; <paramref name="legacyComparison"/> inside an enum or date field's <c>where</c>
    /// comparison, where the forms those took when they were <c>StringComparison</c> are still accepted with a warning
    /// (a quoted enum value, <see cref="EnumComparisons"/>; a date string only the filter compiler reads).
    /// </summary>
    public static void Check(ValidationContext context, ValueNode value, TypeRef type, List<VariableUse> uses, bool hasLocationDefault, bool legacyComparison = false)
    {
        if (value.Variable is { } name)
        {
            uses.Add(new VariableUse(name, value.Offset, type, hasLocationDefault, legacyComparison));
            return;
        }

        if (value.Literal is { } literal)
        {
            CheckLiteral(context, literal, type, value.Offset, legacyComparison);
            return;
        }

        // A list or object that holds a variable somewhere.
        var nullable = type.Kind == TypeRefKind.NonNull ? type.OfType! : type;
        if (value.Kind == QueryValueKind.List && nullable.Kind == TypeRefKind.List)
        {
            foreach (var item in value.Items)
            {
                Check(context, item, nullable.OfType!, uses, hasLocationDefault: false, legacyComparison);
            }

            return;
        }

        if (value.Kind == QueryValueKind.Object && nullable.Kind == TypeRefKind.Named && context.Schema.Find(nullable.Name!) is { Kind: SchemaTypeKind.INPUT_OBJECT } input)
        {
            foreach (var field in value.Fields)
            {
                if (InputField(context, input, field.Name, field.Location.Offset) is { } definition)
                {
                    Check(context, field.Value, definition.Type, uses, hasLocationDefault: false, input.IsEnumComparison || input.IsDateComparison);
                }
            }

            CheckRequiredFields(context, input, value.Fields.Select(f => f.Name), value.Offset);
            return;
        }

        // Not a list where a list is expected: the named type reads it as it would any literal.
        if (nullable.Kind == TypeRefKind.Named)
        {
            string printed = ValidationContext.Quote(Print(value));
            context.Report(ScalarError(context, value.Kind, null, printed, nullable.Name!) ?? $"Expected value of type \"{type}\", found {printed}.", value.Offset);
            return;
        }

        context.Report($"Expected value of type \"{type}\", found {ValidationContext.Quote(Print(value))}.", value.Offset);
    }

    /// <summary>A constant (a default value, or an argument without variables) against <paramref name="type"/>.</summary>
    public static void CheckLiteral(ValidationContext context, QueryValue value, TypeRef type, int offset, bool legacyComparison = false)
    {
        if (value.Kind == QueryValueKind.Null)
        {
            if (type.Kind == TypeRefKind.NonNull)
            {
                context.Report($"Expected value of type \"{type}\", found null.", offset);
            }

            return;
        }

        if (type.Kind == TypeRefKind.NonNull)
        {
            CheckLiteral(context, value, type.OfType!, offset, legacyComparison);
            return;
        }

        if (type.Kind == TypeRefKind.List)
        {
            // A single value where a list is expected is a list of one (input coercion).
            foreach (var item in value.Kind == QueryValueKind.List ? value.Items : [value])
            {
                CheckLiteral(context, item, type.OfType!, offset, legacyComparison);
            }

            return;
        }

        if (context.Schema.Find(type.Name!) is { Kind: SchemaTypeKind.INPUT_OBJECT } input)
        {
            if (value.Kind != QueryValueKind.Object)
            {
                context.Report($"Expected value of type \"{type}\", found {ValidationContext.Quote(value.ToString())}.", offset);
                return;
            }

            foreach (var field in value.Fields)
            {
                int at = field.Location == default ? offset : field.Location.Offset;
                if (InputField(context, input, field.Name, at) is { } definition)
                {
                    CheckLiteral(context, field.Value, definition.Type, at == offset ? offset : ValueOffset(context.Text, at + field.Name.Length), input.IsEnumComparison || input.IsDateComparison);
                }
            }

            CheckRequiredFields(context, input, value.Fields.Select(f => f.Name), offset);

            return;
        }

        if (legacyComparison && value.Kind == QueryValueKind.String && context.Schema.Find(type.Name!) is { Kind: SchemaTypeKind.ENUM } enumeration
            && enumeration.EnumValues.Any(v => v.Name == value.Text))
        {
            // Deprecated, not refused: enum fields were compared with strings before their comparisons were typed.
            context.Warn(EnumComparisons.QuotedValueWarning(value.Text!, enumeration.Name), offset);
            return;
        }

        if (ScalarError(context, value.Kind, value.Text, ValidationContext.Quote(value.ToString()), type.Name!) is { } error)
        {
            if (legacyComparison && DateScalars.IsLegacyFilterValue(type.Name!, value))
            {
                // Deprecated, not refused: date fields were compared with any string DateTime.TryParse reads before
                // their comparisons were typed.
                context.Warn(DateScalars.LegacyFilterValueWarning(value.Text!, type.Name!), offset);
                return;
            }

            context.Report(error, offset);
        }
    }

    /// <summary>
    /// Where an object field's value starts, past its name's end (<paramref name="from"/>), the colon and what GraphQL
    /// ignores around it: a literal keeps no positions inside, and graphql-js reports a wrong value where it stands.
    /// </summary>
    private static int ValueOffset(string text, int from)
    {
        int i = from;
        bool colon = false;
        while (i < text.Length && (char.IsWhiteSpace(text[i]) || text[i] == ',' || text[i] == '\uFEFF' || (!colon && text[i] == ':')))
        {
            colon |= text[i] == ':';
            i++;
        }

        return i;
    }

    /// <summary>Every non-null field without a default is given (Input Object Required Fields, 5.6.4), in graphql-js's words.</summary>
    private static void CheckRequiredFields(ValidationContext context, SchemaType input, IEnumerable<string> given, int offset)
    {
        var names = given.ToHashSet(StringComparer.Ordinal);
        foreach (var field in input.InputFields ?? [])
        {
            if (field.Type.Kind == TypeRefKind.NonNull && field.DefaultValue is null && !names.Contains(field.Name))
            {
                context.Report($"Field \"{input.Name}.{field.Name}\" of required type \"{field.Type}\" was not provided.", offset);
            }
        }
    }

    /// <summary>The input object's field <paramref name="name"/>, or null after reporting it as graphql-js does.</summary>
    private static SchemaInputValue? InputField(ValidationContext context, SchemaType input, string name, int offset)
    {
        var fields = input.InputFields ?? [];
        var definition = fields.FirstOrDefault(f => f.Name == name);
        if (definition is null)
        {
            string hint = ValidationContext.DidYouMean(name, fields.Select(f => f.Name));
            context.Report($"Field \"{ValidationContext.Quote(name)}\" is not defined by type \"{input.Name}\".{hint}", offset);
        }

        return definition;
    }

    /// <summary>Why a value (of <paramref name="kind"/>, shown as <paramref name="printed"/>) is not a value of the named input type, in graphql-js's words; null when it is.</summary>
    private static string? ScalarError(ValidationContext context, QueryValueKind kind, string? text, string printed, string typeName)
    {
        switch (typeName)
        {
            case "Int":
                if (kind != QueryValueKind.Int)
                {
                    return $"Int cannot represent non-integer value: {printed}";
                }

                return text is null || int.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out _)
                    ? null
                    : $"Int cannot represent non 32-bit signed integer value: {printed}";
            case "Float":
                return kind is QueryValueKind.Int or QueryValueKind.Float ? null : $"Float cannot represent non numeric value: {printed}";
            case "String":
                return kind == QueryValueKind.String ? null : $"String cannot represent a non string value: {printed}";
            case "Boolean":
                return kind == QueryValueKind.Boolean ? null : $"Boolean cannot represent a non boolean value: {printed}";
            case "ID":
                return kind is QueryValueKind.String or QueryValueKind.Int ? null : $"ID cannot represent a non-string and non-integer value: {printed}";
        }

        var type = context.Schema.Find(typeName);
        return type?.Kind switch
        {
            // A date scalar takes a string System.Text.Json reads as its type; another custom scalar (Map) takes any
            // literal, as graphql-js's default parseLiteral does.
            SchemaTypeKind.SCALAR when DateScalars.IsDateScalar(type.Name) => DateScalars.Error(type.Name, kind == QueryValueKind.String ? text ?? string.Empty : null, printed),
            SchemaTypeKind.SCALAR => null,
            SchemaTypeKind.ENUM when kind != QueryValueKind.Enum => $"Enum \"{type.Name}\" cannot represent non-enum value: {printed}.",
            SchemaTypeKind.ENUM when !type.EnumValues.Any(v => v.Name == text) => $"Value \"{ValidationContext.Quote(text ?? printed)}\" does not exist in \"{type.Name}\" enum.",
            SchemaTypeKind.ENUM => null,
            _ => $"Expected value of type \"{typeName}\", found {printed}.",
        };
    }

    /// <summary>A value holding variables, as written (the text between its first character and its end is not kept, so it is printed).</summary>
    public static string Print(ValueNode value)
    {
        if (value.Variable is { } name)
        {
            return "$" + name;
        }

        if (value.Literal is { } literal)
        {
            return literal.ToString();
        }

        return value.Kind == QueryValueKind.List
            ? "[" + string.Join(", ", value.Items.Select(i => Print(i))) + "]"
            : "{" + string.Join(", ", value.Fields.Select(f => f.Name + ": " + Print(f.Value))) + "}";
    }
}
