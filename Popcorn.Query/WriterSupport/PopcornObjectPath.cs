using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text.Json;

namespace Popcorn.Query.Generated;

/// <summary>
/// The objects on the path of the write in progress, for model types whose type graph can cycle, and the depth
/// limit. An object met again on its own path is written as <c>null</c>, as System.Text.Json's
/// <c>ReferenceHandler.IgnoreCycles</c> does, except in a write whose plan <see cref="SelectionPlan.RepeatsObjects"/>
/// (a GraphQL document without wildcards, a finite tree): that write gets a path that never holds anything, so every
/// object is written again as the selection asks. Used by generated writers only.
/// </summary>
/// <remarks>
/// <para>
/// One reusable path per thread (and one that holds nothing). A generated entry point (<c>Write</c>, <c>WritePart</c>,
/// <c>WriteElements</c>) takes it once with <see cref="Begin"/> and passes it down the generated calls as a parameter,
/// as System.Text.Json's <c>WriteStack</c> is passed, so an object of a type in a cycle costs a push, a scan and a pop,
/// with no thread-static lookup; the depth limit is read from the writer's options once per write and compared with
/// <see cref="Utf8JsonWriter.CurrentDepth"/>. <see cref="End"/> restores the path (after a write that threw, too).
/// </para>
/// <para>
/// The path is scanned with <see cref="object.ReferenceEquals"/>, so records with value equality never look like
/// cycles. Nothing is allocated per write once a thread has written once. The static members act on the calling
/// thread's path, for code that has none at hand.
/// </para>
/// <para>
/// The path that holds nothing has an empty array, so each push finds no room and goes to the out-of-line method that
/// grows the array, which is where it is told apart. That keeps the flag off the inlined push and scan every other
/// write runs per object; <see cref="Pop"/> tests its index, in place of the array's bounds check.
/// </para>
/// </remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class PopcornObjectPath
{
    /// <summary>The depth limit when <see cref="JsonWriterOptions.MaxDepth"/> is not set, as System.Text.Json's serializer uses.</summary>
    public const int DefaultMaxDepth = 64;

    /// <summary>What <see cref="Utf8JsonWriter.Options"/> reports when <see cref="JsonWriterOptions.MaxDepth"/> was left at 0.</summary>
    private const int WriterDefaultMaxDepth = 1000;

    [ThreadStatic]
    private static PopcornObjectPath? t_current;

    // The calling thread's path for writes that repeat objects: it never holds anything, only the depth limit.
    [ThreadStatic]
    private static PopcornObjectPath? t_holdsNothing;

    // Entries are structs so that storing into the array needs no covariance check (an object[] could be a string[]).
    private Entry[] _items;
    private int _count;
    private int _maxDepth = DefaultMaxDepth;

    private PopcornObjectPath(Entry[] items)
    {
        _items = items;
    }

    /// <summary>True for the path of writes that repeat objects: nothing is ever pushed, so nothing is ever on it.</summary>
    private bool HoldsNothing => _items.Length == 0;

    /// <summary>The calling thread's current path length; pass it to <see cref="Restore"/> after a failed write.</summary>
    public static int Mark
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => t_current?._count ?? 0;
    }

    /// <summary>
    /// The calling thread's path, made ready for a write on <paramref name="writer"/> with <paramref name="plan"/>: the
    /// path that holds nothing when the plan <see cref="SelectionPlan.RepeatsObjects"/>, else the one that writes
    /// cycles as <c>null</c>. Its depth limit is the writer's <see cref="JsonWriterOptions.MaxDepth"/> when set, else
    /// <see cref="DefaultMaxDepth"/>. Pass <paramref name="checkpoint"/> to <see cref="End"/> when the write is over, in
    /// a <c>finally</c>.
    /// </summary>
    /// <remarks>A writer reports an unset MaxDepth as 1000, so an explicit 1000 also means the default.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PopcornObjectPath Begin(Utf8JsonWriter writer, SelectionPlan plan, out Checkpoint checkpoint)
    {
        var path = plan.RepeatsObjects ? HoldingNothing() : t_current ?? Create();
        checkpoint = new Checkpoint(path._count, path._maxDepth);
        int max = writer.Options.MaxDepth;
        path._maxDepth = max is 0 or WriterDefaultMaxDepth ? DefaultMaxDepth : max;
        return path;
    }

    /// <summary>Ends a write begun with <see cref="Begin"/>: drops what it left on the path and restores the depth limit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void End(Checkpoint checkpoint)
    {
        if (_count > checkpoint.Count)
        {
            Truncate(checkpoint.Count);
        }

        _maxDepth = checkpoint.MaxDepth;
    }

    /// <summary>Pushes <paramref name="value"/> unless it is already on the path.</summary>
    /// <returns>False when <paramref name="value"/> is on the path: the caller writes <c>null</c> instead.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryPush(object value)
    {
        var items = _items;
        int count = _count;
        if ((uint)count < (uint)items.Length)
        {
            ref Entry first = ref MemoryMarshal.GetArrayDataReference(items);
            for (int i = count - 1; i >= 0; i--)
            {
                if (ReferenceEquals(Unsafe.Add(ref first, i).Value, value))
                {
                    return false;
                }
            }

            items[count].Value = value;
            _count = count + 1;
            return true;
        }

        return TryPushGrowing(value);
    }

    /// <summary>
    /// Pushes <paramref name="value"/>, which the caller knows is not on the path (it checked with <see cref="IsOnPath"/>
    /// on entering it): the full writers push an object only around the members that can lead back to it, so an object
    /// with nothing below it that could cycle is never stored.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Push(object value)
    {
        var items = _items;
        int count = _count;
        if ((uint)count < (uint)items.Length)
        {
            items[count].Value = value;
            _count = count + 1;
            return;
        }

        PushGrowing(value);
    }

    /// <summary>Pops the object pushed by the matching <see cref="TryPush"/> or <see cref="Push"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Pop()
    {
        // The array's bounds check made explicit, because on the path that holds nothing there is nothing to pop. The
        // store goes through the data reference: indexed, it kept a bounds check of its own (callgrind, bench/README.md).
        var items = _items;
        int count = _count - 1;
        if ((uint)count < (uint)items.Length)
        {
            _count = count;
            Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(items), count).Value = null;
        }
    }

    /// <summary>True when <paramref name="value"/> is on the path (a cycle: the caller writes <c>null</c>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool IsOnPath(object value)
    {
        ref Entry first = ref MemoryMarshal.GetArrayDataReference(_items);
        for (int i = _count - 1; i >= 0; i--)
        {
            if (ReferenceEquals(Unsafe.Add(ref first, i).Value, value))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Throws when writing another object of <paramref name="typeName"/> would nest deeper than this write's limit.</summary>
    /// <exception cref="JsonException">The writer is at the maximum depth.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ThrowIfTooDeep(Utf8JsonWriter writer, string typeName)
    {
        if (writer.CurrentDepth >= _maxDepth)
        {
            ThrowTooDeep(typeName, _maxDepth);
        }
    }

    /// <summary>Pushes <paramref name="value"/> onto the calling thread's path unless it is already on it.</summary>
    /// <returns>False when <paramref name="value"/> is on the path: the caller writes <c>null</c> instead.</returns>
    public static bool TryEnter(object value) => (t_current ?? Create()).TryPush(value);

    /// <summary>Pops the object pushed by the matching <see cref="TryEnter"/>.</summary>
    public static void Exit() => t_current!.Pop();

    /// <summary>True when <paramref name="value"/> is on the calling thread's path.</summary>
    public static bool Contains(object value) => t_current?.IsOnPath(value) ?? false;

    /// <summary>Drops what a write that threw left on the calling thread's path.</summary>
    public static void Restore(int mark)
    {
        var path = t_current;
        if (path is not null && path._count > mark)
        {
            path.Truncate(mark);
        }
    }

    /// <summary>
    /// Throws when writing another object of <paramref name="typeName"/> would nest deeper than the limit:
    /// the writer's <see cref="JsonWriterOptions.MaxDepth"/> when set, else <see cref="DefaultMaxDepth"/>.
    /// </summary>
    /// <exception cref="JsonException">The writer is at the maximum depth.</exception>
    public static void CheckDepth(Utf8JsonWriter writer, string typeName)
    {
        int max = writer.Options.MaxDepth;
        if (max is 0 or WriterDefaultMaxDepth)
        {
            max = DefaultMaxDepth;
        }

        if (writer.CurrentDepth >= max)
        {
            ThrowTooDeep(typeName, max);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static PopcornObjectPath Create() => t_current = new PopcornObjectPath(new Entry[16]);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static PopcornObjectPath HoldingNothing() => t_holdsNothing ??= new PopcornObjectPath(Array.Empty<Entry>());

    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool TryPushGrowing(object value)
    {
        if (HoldsNothing)
        {
            return true;
        }

        if (IsOnPath(value))
        {
            return false;
        }

        Array.Resize(ref _items, _items.Length * 2);
        _items[_count++].Value = value;
        return true;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void PushGrowing(object value)
    {
        if (HoldsNothing)
        {
            return;
        }

        Array.Resize(ref _items, _items.Length * 2);
        _items[_count++].Value = value;
    }

    private void Truncate(int mark)
    {
        Array.Clear(_items, mark, _count - mark);
        _count = mark;
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowTooDeep(string typeName, int max) =>
        throw new JsonException(
            $"Writing '{typeName}' would nest JSON deeper than the maximum depth of {max}. " +
            "The data is nested too deeply for the selection; raise JsonWriterOptions.MaxDepth or select fewer levels.");

    /// <summary>What <see cref="End"/> restores: the path's length and depth limit when the write began.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly struct Checkpoint
    {
        internal Checkpoint(int count, int maxDepth)
        {
            Count = count;
            MaxDepth = maxDepth;
        }

        internal int Count { get; }

        internal int MaxDepth { get; }
    }

    private struct Entry
    {
        public object? Value;
    }
}
