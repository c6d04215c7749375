using System.Buffers;

namespace Popcorn.Server;

/// <summary>
/// Puts a joined value together: copies the parents' JSON, and at each hole the target's object for its key (itself
/// copied the same way, with the holes of the next level), or <c>null</c> where there is no key, no object, or the
/// call failed; for a join to many, the list of the key's objects (the page <c>first</c>/<c>skip</c> ask for), empty
/// where there is none; a failed one adds a <c>SOURCE_UNAVAILABLE</c> error with the hole's full path (at most
/// <see cref="MaxErrors"/>, then one that counts the rest). An object shared by many parents is copied for each.
/// </summary>
internal sealed class JoinAssembler(IReadOnlyList<JoinLevel> levels, long maxBytes, List<GraphQLError> errors, string rootKey)
{
    /// <summary>The most errors one root field's joins add; a service down under a list of thousands would otherwise add thousands.</summary>
    public const int MaxErrors = 100;

    private int _unlisted;

    public void Write(ArrayBufferWriter<byte> output, JoinRecorder parents)
    {
        Write(output, parents.Output.WrittenSpan, 0, parents.Output.WrittenCount, parents.Holes, 0, parents.Holes.Count, level: 0, prefix: null);
        if (_unlisted > 0)
        {
            errors.Add(new GraphQLError($"{_unlisted} more joined fields under '{rootKey}' are null for the same reasons; the first {MaxErrors} are listed.", Path: rootKey, Code: "SOURCE_UNAVAILABLE"));
        }
    }

    private void Write(ArrayBufferWriter<byte> output, ReadOnlySpan<byte> bytes, int start, int end, List<JoinHole> holes, int holeStart, int holeEnd, int level, JoinPath? prefix)
    {
        int position = start;
        for (int i = holeStart; i < holeEnd; i++)
        {
            var hole = holes[i];
            output.Write(bytes[position..hole.Position]);
            position = hole.Position + "null"u8.Length;
            var result = levels[level].Results[hole.Site];
            if (hole.Site.Join.IsMany && !(hole.Key is { } manyKey && result.Failed.ContainsKey(manyKey)))
            {
                WriteMany(output, hole, result, level, prefix);
            }
            else if (hole.Key is { } key && result.Found.TryGetValue(key, out var found))
            {
                var (answer, element) = found;
                Write(output, answer.Output.WrittenSpan, element.Start, element.End, answer.Holes, element.HoleStart, element.HoleEnd, level + 1, new JoinPath(prefix, hole.Path));
            }
            else
            {
                if (hole.Key is { } failedKey && result.Failed.TryGetValue(failedKey, out var failure))
                {
                    Fail(hole, prefix, failure);
                }

                output.Write("null"u8);
            }

            if (output.WrittenCount > maxBytes)
            {
                throw new PopcornSourceLimitExceededException(
                    $"The field '{rootKey}' with its joined values would be larger than {maxBytes} bytes, the most this server sends. Select fewer fields under the joins.",
                    nameof(PopcornOptions.MaxResponseBytes),
                    maxBytes);
            }
        }

        output.Write(bytes[position..end]);
    }

    /// <summary>The list of a join to many at <paramref name="hole"/>: its key's objects, paged as the client asked.</summary>
    private void WriteMany(ArrayBufferWriter<byte> output, JoinHole hole, JoinSiteResult result, int level, JoinPath? prefix)
    {
        output.Write("["u8);
        if (hole.Key is { } key && result.All.TryGetValue(key, out var elements))
        {
            var arguments = hole.Site.Planned.Arguments;
            int skip = Math.Min(arguments?.Skip ?? 0, elements.Count);
            int end = arguments?.First is { } first ? Math.Min(elements.Count, skip + first) : elements.Count;
            for (int i = skip; i < end; i++)
            {
                if (i > skip)
                {
                    output.Write(","u8);
                }

                var (answer, element) = elements[i];
                Write(output, answer.Output.WrittenSpan, element.Start, element.End, answer.Holes, element.HoleStart, element.HoleEnd, level + 1, new JoinPath(prefix, [.. hole.Path, i - skip]));
            }
        }

        output.Write("]"u8);
    }

    private void Fail(JoinHole hole, JoinPath? prefix, (string Message, int Status) failure)
    {
        if (errors.Count >= MaxErrors)
        {
            _unlisted++;
            return;
        }

        var path = new JoinPath(prefix, hole.Path).ToList();
        errors.Add(new GraphQLError($"The field '{hole.Site.Join.Name}' is unavailable. {failure.Message}", Path: rootKey, Code: "SOURCE_UNAVAILABLE") { FullPath = path, HttpStatus = failure.Status });
    }

    /// <summary>A response path built from the holes' relative paths, materialized only for an error.</summary>
    private sealed class JoinPath(JoinPath? parent, object[] segments)
    {
        public List<object> ToList()
        {
            var list = parent?.ToList() ?? new List<object>();
            list.AddRange(segments);
            return list;
        }
    }
}
