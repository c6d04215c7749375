using System.Linq.Expressions;
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Turns a <see cref="SelectionPlan"/> into the lambda of a <c>Select</c> EF Core can translate: a member-init of the
/// model type that reads the selected members, the entity's key and its <c>[Always]</c> scalars, and recurses into
/// selected navigations (a conditional for references, <c>Where(...).OrderBy(...).Skip(n).Take(m).Select(...).ToList()</c> for collections, see <see cref="ArgumentExpressions"/>). Nothing in it
/// calls back into .NET code, so the whole projection runs in the database.
/// </summary>
/// <remarks>
/// Termination: explicit selections are finite trees (the parsers bound their depth), but the deep wildcard and
/// cyclic defaults give cyclic plans. A navigation whose child plan is already on the path, or that would go deeper
/// than <see cref="PopcornProjection.MaxDepth"/>, is not read: it is bound to <c>null</c>, which the writer writes as
/// <c>null</c>, as System.Text.Json's IgnoreCycles writes a reference met again.
/// </remarks>
internal sealed class ProjectionBuilder
{
    private static readonly MethodInfo s_select = GetEnumerableMethod(nameof(Enumerable.Select), parameterCount: 2, selectorArity: 2);
    private static readonly MethodInfo s_toList = typeof(Enumerable).GetMethod(nameof(Enumerable.ToList))!;
    private static readonly MethodInfo s_toArray = typeof(Enumerable).GetMethod(nameof(Enumerable.ToArray), 1, [typeof(IEnumerable<>).MakeGenericType(Type.MakeGenericMethodParameter(0))])!;

    private readonly List<SelectionPlan> _path = [];
    private readonly List<(IEntityType Type, Expression Source)> _ancestors = [];

    /// <summary>The first ancestor in the current query level: rows inside a collection cannot be compared with rows outside it (SQLite has no APPLY).</summary>
    private int _levelStart;

    /// <summary>
    /// The plan is a finite tree that repeats an object met again on its path (GraphQL's response shape, see
    /// <see cref="SelectionPlan.RepeatsObjects"/>): rows are then never compared with their ancestors.
    /// </summary>
    private readonly bool _repeatsObjects;

    /// <summary>Whether a nested object (below the root) reads its key when the selection does not name it.</summary>
    private readonly bool _nestedKeys;

    private ProjectionBuilder(bool repeatsObjects, bool nestedKeys)
    {
        _repeatsObjects = repeatsObjects;
        _nestedKeys = nestedKeys;
    }

    /// <summary>Builds the <c>Func&lt;T, T&gt;</c> selector for <paramref name="plan"/> over <paramref name="entityType"/>.</summary>
    /// <param name="plan">The selection.</param>
    /// <param name="entityType">The root's entity type.</param>
    /// <param name="nestedKeys">
    /// False when only Popcorn's writers read the rows (<see cref="NeedsNestedKeys"/> said no): a nested object then
    /// reads its key only when selected. The root always reads its own.
    /// </param>
    /// <exception cref="ProjectionNotSupportedException">A selected member cannot be read in a projection (see the message).</exception>
    public static LambdaExpression Build(SelectionPlan plan, IEntityType entityType, bool nestedKeys = true)
    {
        var parameter = Expression.Parameter(entityType.ClrType, "e");
        var builder = new ProjectionBuilder(plan.RepeatsObjects, nestedKeys);
        builder._path.Add(plan);
        var body = builder.BuildObject(parameter, entityType, [plan], depth: 1);
        return Expression.Lambda(typeof(Func<,>).MakeGenericType(entityType.ClrType, entityType.ClrType), body, parameter);
    }

    private MemberInitExpression BuildObject(Expression source, IEntityType entityType, IReadOnlyList<SelectionPlan> plans, int depth)
    {
        var type = entityType.ClrType;
        if (plans[0].Type.Polymorphism is not null || plans[0].Type.BaseTypes.Count > 0)
        {
            // A projection creates one CLR type per row: a derived row would come back as the base and lose its discriminator.
            throw new ProjectionNotSupportedException($"'{type.Name}' is part of a [JsonPolymorphic] hierarchy, so a projection cannot create the right type for each row.");
        }

        var constructor = type.GetConstructor(Type.EmptyTypes)
            ?? throw new ProjectionNotSupportedException($"'{type.Name}' has no public parameterless constructor, so a projection cannot create it.");

        var bindings = new List<MemberBinding>();
        var bound = new HashSet<string>(StringComparer.Ordinal);
        _ancestors.Add((entityType, source));
        try
        {
            foreach (var plan in plans)
            {
                AggregateStatements.CheckLevel(entityType, plan);
            }

            foreach (var (field, children, arguments) in SelectedFields(plans, aggregatesAllowed: true))
            {
                string memberName = field.MemberName
                    ?? throw new ProjectionNotSupportedException($"The metadata of '{field}' does not name its C# member; regenerate it with this version of Popcorn.Generator.");
                if (bound.Add(memberName) && BindField(source, entityType, field, memberName, children, arguments, depth) is { } binding)
                {
                    bindings.Add(binding);
                }
            }
        }
        finally
        {
            _ancestors.RemoveAt(_ancestors.Count - 1);
        }

        // Keys are read even when not selected: a caller of Project gets rows it can tell apart, and a batch resolver
        // or an aggregate statement finds rows by them. EF correlates collections by keys it adds itself, so rows only
        // Popcorn's writers read leave a nested object's unselected key out: in a deep selection it is a column per
        // row of every nested level (two of the seven a line of the benchmark's deep selection read). A key marked
        // [Never] stays unread: nothing marked [Never] ever leaves the database.
        var metadata = plans[0].Type;
        foreach (var key in depth == 1 || _nestedKeys ? entityType.FindPrimaryKey()?.Properties ?? [] : [])
        {
            if (key.PropertyInfo is { } property && !IsNeverMember(metadata, property.Name) && bound.Add(property.Name))
            {
                bindings.Add(Expression.Bind(property, Expression.Property(source, property)));
            }
        }

        return Expression.MemberInit(Expression.New(constructor), bindings);
    }

    /// <summary>
    /// The fields the plans write (a field under several aliases once, with every alias's child plan) plus the
    /// type's <c>[Always]</c> scalars, which the GraphQL semantics do not add to the plan. A list read once cannot be
    /// arranged two ways, so aliases of one collection with different arguments are refused (the handler's query
    /// then runs unprojected).
    /// </summary>
    internal static List<(FieldMetadata Field, List<SelectionPlan> Children, CollectionArguments? Arguments)> SelectedFields(IReadOnlyList<SelectionPlan> plans, bool aggregatesAllowed = false)
    {
        var fields = new List<(FieldMetadata Field, List<SelectionPlan> Children, CollectionArguments? Arguments)>();
        foreach (var plan in plans)
        {
            foreach (var planned in plan.Fields)
            {
                if (planned.Aggregate is not null)
                {
                    // An aggregate does not read its list in the row's statement: its numbers come from one GROUP BY
                    // per aggregated level once the rows are read (AggregateStatements), keyed by the row's primary key.
                    if (!aggregatesAllowed)
                    {
                        throw new ProjectionNotSupportedException($"'{planned.OutputName}' aggregates '{planned.Field}', which is pushed down for entity queries only.");
                    }

                    continue;
                }

                // A [BatchResolved] field is not the database's: Popcorn.Server resolves it after the rows are read.
                if (planned.Field is not { IsNever: false, Batch: null } field)
                {
                    continue;
                }

                int index = fields.FindIndex(f => f.Field == field);
                if (index < 0)
                {
                    fields.Add((field, [], planned.Arguments));
                    index = fields.Count - 1;
                }
                else if (fields[index].Arguments is not null || planned.Arguments is not null)
                {
                    throw new ProjectionNotSupportedException(
                        $"'{field}' is selected under several keys with arguments; one query reads a collection once, arranged one way. Select it once, or return IEnumerable<T>.");
                }

                if (planned.Child is { } child && !fields[index].Children.Contains(child))
                {
                    fields[index].Children.Add(child);
                }
            }
        }

        foreach (var field in plans[0].Type.Fields)
        {
            if (field is { IsAlways: true, IsNever: false, Kind: FieldKind.Scalar, Batch: null } && !fields.Exists(f => f.Field == field))
            {
                fields.Add((field, [], null));
            }
        }

        // A root page that issues cursors reads its sort keys, selected or not: the cursor of its last row carries them.
        foreach (var key in plans[0].Arguments?.Cursors?.Keys ?? [])
        {
            if (!key.Field.IsNever && !fields.Exists(f => f.Field == key.Field))
            {
                fields.Add((key.Field, [], null));
            }
        }

        return fields;
    }

    private MemberBinding? BindField(Expression source, IEntityType entityType, FieldMetadata field, string memberName, List<SelectionPlan> children, CollectionArguments? arguments, int depth)
    {
        bool isColumn = entityType.FindProperty(memberName) is not null || entityType.FindComplexProperty(memberName) is not null;
        INavigationBase? navigation = isColumn ? null : (INavigationBase?)entityType.FindNavigation(memberName) ?? entityType.FindSkipNavigation(memberName);
        if (!isColumn && navigation is null)
        {
            throw new ProjectionNotSupportedException(
                $"'{entityType.ClrType.Name}.{memberName}' (field '{field.WireName}') is not mapped by EF Core, so the database cannot read it. " +
                "Map it, mark it [Never], or return the data as IEnumerable<T> instead of IQueryable<T>.");
        }

        var member = FindWritableMember(entityType.ClrType, memberName, field);
        var access = Expression.MakeMemberAccess(source, member);
        if (navigation is null)
        {
            return Expression.Bind(member, access);
        }

        var memberType = access.Type;
        var target = navigation.TargetEntityType;
        if (target.IsOwned())
        {
            // Owned types live in their owner's row (or JSON); EF reads them with the owner, whole.
            return Expression.Bind(member, access);
        }

        if (children.Count == 0)
        {
            return null;
        }

        if (depth >= PopcornProjection.MaxDepth || children.Exists(_path.Contains))
        {
            return Expression.Bind(member, Expression.Constant(null, memberType));
        }

        _path.AddRange(children);
        try
        {
            return Expression.Bind(member, navigation.IsCollection
                ? BuildCollection(access, navigation, children, depth, field, arguments)
                : BuildReference(access, (INavigation)navigation, children, depth));
        }
        finally
        {
            _path.RemoveRange(_path.Count - children.Count, children.Count);
        }
    }

    private Expression BuildReference(Expression access, INavigation navigation, List<SelectionPlan> children, int depth)
    {
        var target = navigation.TargetEntityType;
        var created = Expression.Convert(BuildObject(access, target, children, depth + 1), access.Type);
        var absent = Expression.Constant(null, access.Type);

        // Without the null test, a missing optional reference would come back as an object of default values. A
        // required one (a dependent's non-nullable foreign key: EF joins it with INNER JOIN) is never missing, and its
        // test would make EF read the principal's key and a constant column only to compare them.
        bool required = navigation.IsOnDependent && navigation.ForeignKey.IsRequired;
        var test = OrOnPath(required ? null : Expression.Equal(access, absent), access, target);
        return test is null ? created : Expression.Condition(test, absent, created);
    }

    /// <summary>
    /// <paramref name="test"/> (null: none), or-ed with "this row is an entity already on the path" (same type, same key): such a
    /// row is read as null, as System.Text.Json's IgnoreCycles writes an object met again on its own path, so the
    /// projected JSON equals the JSON of the same data loaded as one graph. Only ancestors in the same query level
    /// (since the last collection) are compared: a comparison across a collection needs a lateral join (APPLY),
    /// which SQLite does not have; such a back reference is read again as a fresh row. Not for a plan that repeats
    /// objects: the writers write such a row again there, so the projection reads it.
    /// </summary>
    private Expression? OrOnPath(Expression? test, Expression row, IEntityType type)
    {
        if (_repeatsObjects)
        {
            return test;
        }

        var key = type.FindPrimaryKey();
        if (key is null || key.Properties.Any(p => p.PropertyInfo is null))
        {
            return test;
        }

        for (int i = _levelStart; i < _ancestors.Count; i++)
        {
            var (ancestorType, ancestor) = _ancestors[i];
            if (ancestorType.GetRootType() != type.GetRootType())
            {
                continue;
            }

            Expression? sameKey = null;
            foreach (var property in key.Properties)
            {
                var equal = Expression.Equal(Expression.Property(row, property.PropertyInfo!), Expression.Property(ancestor, property.PropertyInfo!));
                sameKey = sameKey is null ? equal : Expression.AndAlso(sameKey, equal);
            }

            test = test is null ? sameKey! : Expression.OrElse(test, sameKey!);
        }

        return test;
    }

    private Expression BuildCollection(Expression access, INavigationBase navigation, List<SelectionPlan> children, int depth, FieldMetadata field, CollectionArguments? arguments)
    {
        var target = navigation.TargetEntityType;
        var elementType = target.ClrType;
        var element = Expression.Parameter(elementType, "e" + depth);
        int outerLevel = _levelStart;
        _levelStart = _ancestors.Count;
        LambdaExpression selector;
        try
        {
            selector = Expression.Lambda(BuildObject(element, target, children, depth + 1), element);
        }
        finally
        {
            _levelStart = outerLevel;
        }

        // Ordered by primary key (SQL leaves a nested collection's order open, and PostgreSQL and SQLite differ), after
        // the client's orderBy when there is one; filtered and paged in the statement. Elements that read a nested
        // model are paged by a correlated predicate (paging their projection would need APPLY, which SQLite lacks).
        bool pagesRows = children.Exists(static child => child.ReadsNestedModels) && CorrelatedPage.Pages(arguments);
        var arranged = ArgumentExpressions.Arrange(pagesRows ? CorrelatedPage.Filter(access, navigation, target, arguments!) : access, target, arguments);
        Expression selected = Expression.Call(s_select.MakeGenericMethod(elementType, elementType), arranged, selector);
        if (!pagesRows)
        {
            selected = ArgumentExpressions.Page(selected, elementType, arguments);
        }

        var memberType = access.Type;
        if (memberType.IsArray)
        {
            return Expression.Call(s_toArray.MakeGenericMethod(elementType), selected);
        }

        if (memberType.IsAssignableFrom(typeof(List<>).MakeGenericType(elementType)))
        {
            return Expression.Convert(Expression.Call(s_toList.MakeGenericMethod(elementType), selected), memberType);
        }

        throw new ProjectionNotSupportedException(
            $"'{field}' is a {memberType.Name}; projections fill collection navigations typed as arrays, List<T> or an interface List<T> implements.");
    }

    private static MemberInfo FindWritableMember(Type type, string memberName, FieldMetadata field)
    {
        const BindingFlags Flags = BindingFlags.Public | BindingFlags.Instance;
        MemberInfo? member = type.GetProperty(memberName, Flags) is { CanWrite: true } property ? property
            : type.GetField(memberName, Flags) is { IsInitOnly: false } writable ? writable
            : null;
        return member ?? throw new ProjectionNotSupportedException(
            $"'{type.Name}.{memberName}' (field '{field.WireName}') has no public setter or init accessor, so a projection cannot set it.");
    }

    private static bool IsNeverMember(TypeMetadata metadata, string memberName)
    {
        foreach (var field in metadata.Fields)
        {
            if (field.IsNever && field.MemberName == memberName)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Whether something besides the writers reads the rows of <paramref name="plan"/>: a <c>[BatchResolved]</c> field's
    /// resolver gets the objects of its level (and may find them by key), an aggregate's statement keys its counts by
    /// the parent rows' keys. Such a plan's rows read every object's key.
    /// </summary>
    public static bool NeedsNestedKeys(SelectionPlan plan) => plan.ResolvesInBatches || AggregateStatements.Any(plan);

    private static MethodInfo GetEnumerableMethod(string name, int parameterCount, int selectorArity) =>
        typeof(Enumerable).GetMethods().Single(m =>
            m.Name == name
            && m.GetParameters().Length == parameterCount
            && m.GetParameters()[1].ParameterType.GetGenericArguments().Length == selectorArity);
}
