using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Text.Json;

namespace Popcorn.Query.Generated;

/// <summary>
/// The objects on the path of the write in progress, for model types whose type graph can cycle, and
/// the depth limit. An object met again on its own path is written as <c>null</c>, as System.Text.Json's
/// <c>ReferenceHandler.IgnoreCycles</c> does. Called by generated writers only.
/// </summary>
/// <remarks>
/// One reusable stack per thread (writes are synchronous), scanned with <see cref="object.ReferenceEquals"/>
/// so records with value equality never look like cycles. Nothing is allocated per write once a thread
/// has written once.
/// </remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class PopcornObjectPath
{
    /// <summary>The depth limit when <see cref="JsonWriterOptions.MaxDepth"/> is not set, as System.Text.Json's serializer uses.</summary>
    public const int DefaultMaxDepth = 64;

    /// <summary>What <see cref="Utf8JsonWriter.Options"/> reports when <see cref="JsonWriterOptions.MaxDepth"/> was left at 0.</summary>
    private const int WriterDefaultMaxDepth = 1000;

    [ThreadStatic]
    private static Path? t_path;

    /// <summary>The current path length; pass it to <see cref="Restore"/> after a failed write.</summary>
    public static int Mark
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => t_path?.Count ?? 0;
    }

    /// <summary>Pushes <paramref name="value"/> unless it is already on the path.</summary>
    /// <returns>False when <paramref name="value"/> is on the path: the caller writes <c>null</c> instead.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryEnter(object value)
    {
        var path = t_path ?? CreatePath();
        var items = path.Items;
        int count = path.Count;
        if ((uint)count < (uint)items.Length)
        {
            for (int i = count - 1; i >= 0; i--)
            {
                if (ReferenceEquals(items[i].Value, value))
                {
                    return false;
                }
            }

            items[count].Value = value;
            path.Count = count + 1;
            return true;
        }

        return TryEnterGrowing(path, value);
    }

    /// <summary>Pops the object pushed by the matching <see cref="TryEnter"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Exit()
    {
        var path = t_path!;
        path.Items[--path.Count].Value = null;
    }

    /// <summary>True when <paramref name="value"/> is on the path (a member that would cycle, judged before its ignore condition).</summary>
    public static bool Contains(object value)
    {
        var path = t_path;
        if (path is null)
        {
            return false;
        }

        var items = path.Items;
        for (int i = path.Count - 1; i >= 0; i--)
        {
            if (ReferenceEquals(items[i].Value, value))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Drops what a write that threw left on the path.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Restore(int mark)
    {
        var path = t_path;
        if (path is not null && path.Count > mark)
        {
            path.Truncate(mark);
        }
    }

    /// <summary>
    /// Throws when writing another object of <paramref name="typeName"/> would nest deeper than the limit:
    /// the writer's <see cref="JsonWriterOptions.MaxDepth"/> when set, else <see cref="DefaultMaxDepth"/>.
    /// </summary>
    /// <remarks>A writer reports an unset MaxDepth as 1000, so an explicit 1000 also means the default.</remarks>
    /// <exception cref="JsonException">The writer is at the maximum depth.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
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
    private static Path CreatePath() => t_path = new Path();

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool TryEnterGrowing(Path path, object value)
    {
        if (path.Contains(value))
        {
            return false;
        }

        Array.Resize(ref path.Items, path.Items.Length * 2);
        path.Items[path.Count++].Value = value;
        return true;
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowTooDeep(string typeName, int max) =>
        throw new JsonException(
            $"Writing '{typeName}' would nest JSON deeper than the maximum depth of {max}. " +
            "The data is nested too deeply for the selection; raise JsonWriterOptions.MaxDepth or select fewer levels.");

    // Entries are structs so that storing into the array needs no covariance check (an object[] could be a string[]).
    private struct Entry
    {
        public object? Value;
    }

    private sealed class Path
    {
        public Entry[] Items = new Entry[16];
        public int Count;

        public bool Contains(object value)
        {
            for (int i = Count - 1; i >= 0; i--)
            {
                if (ReferenceEquals(Items[i].Value, value))
                {
                    return true;
                }
            }

            return false;
        }

        public void Truncate(int mark)
        {
            Array.Clear(Items, mark, Count - mark);
            Count = mark;
        }
    }
}
