using System.Collections;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Popcorn.Query;
using Popcorn.Query.Generated;

namespace Popcorn.Server;

/// <summary>
/// Resolves the <c>[BatchResolved]</c> fields a plan writes for a set of objects, level by level: every object of a
/// level whose field the response writes goes to that field's resolver in one call (per chunk of
/// <see cref="PopcornOptions.MaxFilterInValues"/>), then the models it returned and the next level's objects are
/// resolved the same way. The values go into a <see cref="PopcornBatchValues"/> that the generated writers read.
/// docs/batching.md.
/// </summary>
/// <remarks>
/// Resolvers run one after another, in the order their fields are first met: a resolver may use the request's
/// <c>DbContext</c>, which allows one operation at a time (the same reason local root fields run in order).
/// </remarks>
internal sealed class BatchLevels(PopcornRegistry registry, ILogger<BatchLevels> logger)
{
    private readonly int _chunkSize = Math.Max(1, registry.Options.MaxFilterInValues);

    /// <summary>
    /// Starts a write's resolved values: a new store, made current for the calling method's flow (set here,
    /// synchronously, so the caller's execution context carries it to the generated writers it calls, and it ends
    /// when the caller returns), and the request's <see cref="BatchLevels"/> to fill it.
    /// </summary>
    public static PopcornBatchValues Begin(HttpContext context, out BatchLevels levels)
    {
        levels = context.RequestServices.GetRequiredService<BatchLevels>();
        var values = new PopcornBatchValues();
        PopcornBatchValues.Current = values;
        return values;
    }

    /// <summary>
    /// Reads a root sequence (already arranged by its arguments) in chunks of at most
    /// <see cref="PopcornOptions.MaxFilterInValues"/> elements, each resolved into <paramref name="values"/> (cleared
    /// first) before it is yielded: the writer makes <paramref name="values"/> current and writes the chunk, so each
    /// resolver call stays bounded however long the sequence. A query's rows (an <see cref="IAsyncEnumerable{T}"/>)
    /// are read to the end first: a resolver may query the same connection, which holds one open reader at a time
    /// (PostgreSQL). An empty sequence yields one empty chunk.
    /// </summary>
    /// <exception cref="BatchResolutionException">A resolver threw or broke its contract.</exception>
    public async IAsyncEnumerable<List<T>> ChunksAsync<T>(object sequence, SelectionPlan plan, PopcornBatchValues values, HttpContext context)
    {
        IReadOnlyList<T> rows;
        if (sequence is IAsyncEnumerable<T> items)
        {
            var read = new List<T>();
            await foreach (var item in items.WithCancellation(context.RequestAborted))
            {
                read.Add(item);
            }

            rows = read;
        }
        else
        {
            rows = sequence as IReadOnlyList<T> ?? ((IEnumerable<T>)sequence).ToList();
        }

        int start = 0;
        do
        {
            var chunk = new List<T>(Math.Min(_chunkSize, rows.Count - start));
            for (int i = start; i < rows.Count && chunk.Count < _chunkSize; i++)
            {
                chunk.Add(rows[i]);
            }

            values.Clear();
            await ResolveAsync(values, chunk, plan, context);
            yield return chunk;
            start += chunk.Count;
        }
        while (start < rows.Count);
    }

    /// <summary>
    /// Resolves the batch fields <paramref name="plan"/> (the plan the writer will use) writes for
    /// <paramref name="roots"/> into <paramref name="values"/>. <paramref name="roots"/> holds the
    /// model objects (null ones are skipped); a <c>List&lt;T&gt;</c> of a model class is one.
    /// </summary>
    /// <exception cref="BatchResolutionException">A resolver threw or broke its contract.</exception>
    public async ValueTask ResolveAsync<T>(PopcornBatchValues values, IReadOnlyList<T> roots, SelectionPlan plan, HttpContext context)
    {
        var level = new Level();
        level.AddAll(plan, roots);
        var seen = new HashSet<(SelectionPlan, object)>(ReferencePairComparer<SelectionPlan, object>.Instance);
        while (!level.IsEmpty)
        {
            var next = new Level();
            var calls = new List<FieldCall>();
            var callsByField = new Dictionary<FieldMetadata, FieldCall>(ReferenceEqualityComparer.Instance);
            foreach (var (levelPlan, objects) in level.Entries)
            {
                foreach (object item in objects)
                {
                    var itemPlan = PlanFor(levelPlan, item);
                    if (itemPlan.ResolvesInBatches && seen.Add((itemPlan, item)))
                    {
                        Visit(itemPlan, item, values, calls, callsByField, next);
                    }
                }
            }

            foreach (var call in calls)
            {
                await CallAsync(call, values, next, context);
            }

            level = next;
        }
    }

    /// <summary>Notes the batch fields of <paramref name="item"/> for this level's calls, and its children that lead to more.</summary>
    private static void Visit(SelectionPlan plan, object item, PopcornBatchValues values, List<FieldCall> calls, Dictionary<FieldMetadata, FieldCall> callsByField, Level next)
    {
        foreach (var planned in plan.Fields)
        {
            if (planned.Aggregate is not null || planned.Field is not { } field)
            {
                continue;
            }

            if (field.Batch is not null)
            {
                if (!callsByField.TryGetValue(field, out var call))
                {
                    call = new FieldCall(field);
                    callsByField.Add(field, call);
                    calls.Add(call);
                }

                call.Add(item, planned, values);
            }
            else if (planned.Child is { ResolvesInBatches: true } && field.GetValue is { } get)
            {
                next.AddValue(planned, get(item));
            }
        }
    }

    /// <summary>Calls one field's resolver with its parents, a chunk at a time, and stores what it returned.</summary>
    private async ValueTask CallAsync(FieldCall call, PopcornBatchValues values, Level next, HttpContext context)
    {
        var field = call.Field;
        var batch = field.Batch!;
        object resolver;
        try
        {
            resolver = ActivatorUtilities.GetServiceOrCreateInstance(context.RequestServices, batch.ResolverType);
        }
        catch (InvalidOperationException e)
        {
            throw Failed(field, e);
        }

        using var span = PopcornTracing.StartResolve($"{field.DeclaringType.Name}.{field.WireName}");
        for (int start = 0; start < call.Parents.Count; start += _chunkSize)
        {
            var chunk = call.Parents.GetRange(start, Math.Min(_chunkSize, call.Parents.Count - start));
            object?[] resolved;
            try
            {
                resolved = await batch.ResolveAsync(resolver, chunk, context.RequestAborted);
            }
            catch (OperationCanceledException) when (context.RequestAborted.IsCancellationRequested)
            {
                throw;
            }
            catch (Exception e)
            {
                span?.SetStatus(System.Diagnostics.ActivityStatusCode.Error, e.GetType().Name);
                throw Failed(field, e);
            }

            for (int i = 0; i < chunk.Count; i++)
            {
                values.Store(chunk[i], field, resolved[i]);
                foreach (var planned in call.Descents)
                {
                    next.AddValue(planned, resolved[i]);
                }
            }
        }
    }

    private BatchResolutionException Failed(FieldMetadata field, Exception e)
    {
        string name = $"{field.DeclaringType.Name}.{field.WireName}";
        logger.BatchResolverFailed(e, name, field.Batch!.ResolverType.FullName ?? field.Batch.ResolverType.Name);
        return new BatchResolutionException(name, e);
    }

    /// <summary>The plan an object is written with: a polymorphic base's plan hands a derived type's object to that type's plan, as the generated writers do.</summary>
    private static SelectionPlan PlanFor(SelectionPlan plan, object item)
    {
        var derived = plan.DerivedPlans;
        if (derived.Length == 0 || item.GetType() == plan.Type.ClrType)
        {
            return plan;
        }

        foreach (var candidate in derived)
        {
            if (candidate.Type.ClrType == item.GetType())
            {
                return candidate;
            }
        }

        return plan;
    }

    /// <summary>One batch field's call at one level: its distinct parents in the order met, and the keys whose plans go below its values.</summary>
    private sealed class FieldCall(FieldMetadata field)
    {
        private readonly HashSet<object> _parents = new(ReferenceEqualityComparer.Instance);

        public FieldMetadata Field { get; } = field;

        public List<object> Parents { get; } = new();

        public List<PlannedField> Descents { get; } = new();

        public void Add(object parent, PlannedField planned, PopcornBatchValues values)
        {
            if (planned.Child is { ResolvesInBatches: true } && !Descents.Contains(planned))
            {
                Descents.Add(planned);
            }

            // A parent met twice (a shared manager) is asked for once; one resolved before in this chunk too.
            if (!values.Contains(parent, Field) && _parents.Add(parent))
            {
                Parents.Add(parent);
            }
        }
    }

    /// <summary>The objects of one level, by the plan they are written with.</summary>
    private sealed class Level
    {
        private readonly Dictionary<SelectionPlan, List<object>> _byPlan = new(ReferenceEqualityComparer.Instance);

        public bool IsEmpty => _byPlan.Count == 0;

        public IEnumerable<KeyValuePair<SelectionPlan, List<object>>> Entries => _byPlan;

        public void AddAll<T>(SelectionPlan plan, IReadOnlyList<T> items)
        {
            var list = ListFor(plan);
            foreach (var item in items)
            {
                if (item is not null)
                {
                    list.Add(item);
                }
            }
        }

        /// <summary>
        /// Adds what a key writes below it: the object, a list's elements (arranged by the key's arguments, as the
        /// writer arranges them, so only the elements written are resolved) or a map's values.
        /// </summary>
        public void AddValue(PlannedField planned, object? value)
        {
            if (value is null || planned.Child is not { } child)
            {
                return;
            }

            var list = ListFor(child);
            switch (planned.Field!.Kind)
            {
                case FieldKind.List when value is IEnumerable elements:
                    IEnumerable<object?> items = elements.Cast<object?>();
                    if (planned.Arguments is { } arguments)
                    {
                        items = arguments.Apply(items)!;
                    }

                    foreach (object? element in items)
                    {
                        if (element is not null)
                        {
                            list.Add(element);
                        }
                    }

                    break;
                case FieldKind.Map when value is IDictionary map:
                    foreach (object? element in map.Values)
                    {
                        if (element is not null)
                        {
                            list.Add(element);
                        }
                    }

                    break;
                case FieldKind.Object:
                    list.Add(value);
                    break;
            }
        }

        private List<object> ListFor(SelectionPlan plan)
        {
            if (!_byPlan.TryGetValue(plan, out var list))
            {
                list = new List<object>();
                _byPlan.Add(plan, list);
            }

            return list;
        }
    }
}
