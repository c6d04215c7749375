using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// <c>contains</c>, <c>startsWith</c> and <c>endsWith</c> as expressions EF Core translates (docs/data.md, "Text filters").
/// </summary>
/// <remarks>
/// Case-sensitive (the default) is ordinal everywhere, with no pattern at all (see <see cref="Ordinal"/>).
/// <para>
/// <c>mode: INSENSITIVE</c> is a <c>LIKE</c> pattern built here with <c>\</c> escaping <c>%</c>, <c>_</c> and itself, so a
/// client's <c>%</c> matches a literal <c>%</c> and no value can widen the pattern: <c>ILIKE</c> where the provider has it
/// (PostgreSQL, which folds letters as the database's <c>LC_CTYPE</c> says), else <c>LIKE</c> (SQLite's ignores the case
/// of ASCII letters only; SQL Server's and MySQL's follow the column's collation, case-insensitive by default). Not
/// <c>lower(column) LIKE lower(value)</c>: EF Core would lower the value in .NET and the column in SQL, with two
/// different foldings, and an exact-case <c>É</c> would then stop matching itself under PostgreSQL's <c>C</c> locale.
/// </para>
/// </remarks>
internal static class TextMatchExpressions
{
    private const string Escape = "\\";

    private static readonly MethodInfo s_contains = typeof(string).GetMethod(nameof(string.Contains), [typeof(string)])!;
    private static readonly MethodInfo s_substring = typeof(string).GetMethod(nameof(string.Substring), [typeof(int), typeof(int)])!;
    private static readonly MethodInfo s_like = typeof(DbFunctionsExtensions).GetMethod(nameof(DbFunctionsExtensions.Like), [typeof(DbFunctions), typeof(string), typeof(string), typeof(string)])!;
    private static readonly ConditionalWeakTable<IModel, MethodInfo> s_insensitiveLike = new();

    /// <summary>The comparison of <paramref name="member"/> (a string) on a model of <paramref name="model"/>'s provider.</summary>
    public static Expression Match(Expression member, FilterComparison comparison, IModel? model)
    {
        string text = (string)comparison.Value!;
        if (!comparison.IgnoreCase)
        {
            return Ordinal(member, comparison.Operator, text);
        }

        string escaped = text.Replace(Escape, Escape + Escape, StringComparison.Ordinal)
            .Replace("%", Escape + "%", StringComparison.Ordinal)
            .Replace("_", Escape + "_", StringComparison.Ordinal);
        string pattern = comparison.Operator switch
        {
            FilterOperator.Contains => "%" + escaped + "%",
            FilterOperator.StartsWith => escaped + "%",
            _ => "%" + escaped,
        };
        var like = model is null ? s_like : s_insensitiveLike.GetValue(model, InsensitiveLike);
        return Expression.Call(like, Expression.Constant(EF.Functions), member, Boxed(pattern), Expression.Constant(Escape));
    }

    /// <summary>
    /// <c>contains</c> is <see cref="string.Contains(string)"/> (SQLite's <c>instr</c>, PostgreSQL's <c>strpos</c>: both
    /// ordinal). The prefix and suffix are compared as substrings, <c>substr(column, 1, @n) = @value</c>, not with
    /// <see cref="string.StartsWith(string)"/>: EF Core translates that to <c>LIKE</c> on SQLite, which ignores the
    /// case of ASCII letters (found by <c>TextFilterSqlTests</c>). <c>@n</c> counts code points, as SQL's
    /// <c>length</c> and <c>substr</c> do, not UTF-16 units; a column shorter than the value never equals it.
    /// </summary>
    private static Expression Ordinal(Expression member, FilterOperator op, string text)
    {
        var notNull = Expression.NotEqual(member, Expression.Constant(null, typeof(string)));
        if (op == FilterOperator.Contains)
        {
            return Expression.AndAlso(notNull, Expression.Call(member, s_contains, Boxed(text)));
        }

        var length = Expression.Convert(Expression.Field(Expression.Constant(new StrongBox<object?>(text.EnumerateRunes().Count())), nameof(StrongBox<object?>.Value)), typeof(int));
        var start = op == FilterOperator.StartsWith
            ? (Expression)Expression.Constant(0)
            : Expression.Subtract(Expression.Property(member, nameof(string.Length)), length);
        return Expression.AndAlso(notNull, Expression.Equal(Expression.Call(member, s_substring, start, length), Boxed(text)));
    }

    /// <summary>
    /// The provider's <c>ILike(DbFunctions, string, string, string)</c> (Npgsql's <c>NpgsqlDbFunctionsExtensions</c>),
    /// found in the assemblies of the model's type mappings, so this package references no provider; else
    /// <see cref="DbFunctionsExtensions.Like(DbFunctions, string, string, string)"/>.
    /// </summary>
    private static MethodInfo InsensitiveLike(IModel model)
    {
        // The mappings come from the provider's assembly and from EF Core's relational one; only a provider has ILike.
        var iLike = model.GetEntityTypes()
            .SelectMany(static type => type.GetProperties())
            .Select(static property => property.FindTypeMapping()?.GetType().Assembly)
            .OfType<Assembly>()
            .Distinct()
            .SelectMany(static assembly => assembly.GetExportedTypes())
            .Where(static type => type.IsAbstract && type.IsSealed && type.Name.EndsWith("DbFunctionsExtensions", StringComparison.Ordinal))
            .Select(static type => type.GetMethod("ILike", [typeof(DbFunctions), typeof(string), typeof(string), typeof(string)]))
            .FirstOrDefault(static method => method is not null && method.ReturnType == typeof(bool));
        return iLike ?? s_like;
    }

    /// <summary>A value EF Core sends as a parameter (read from a box, never inlined into the SQL).</summary>
    private static Expression Boxed(string value) =>
        Expression.Convert(Expression.Field(Expression.Constant(new StrongBox<object?>(value)), nameof(StrongBox<object?>.Value)), typeof(string));
}
