using System.Text;

namespace Popcorn.Server;

/// <summary>Prints where in a service's answer a value lies, for an error: <c>orders[3].customer.name</c>.</summary>
internal static class UpstreamPaths
{
    /// <summary>Segments are names (strings) and list indexes (ints), from the root field's response key on.</summary>
    public static string Print(IEnumerable<object> segments)
    {
        var text = new StringBuilder();
        foreach (object segment in segments)
        {
            _ = segment is int index ? text.Append('[').Append(index).Append(']')
                : text.Length == 0 ? text.Append(segment)
                : text.Append('.').Append(segment);
        }

        return text.ToString();
    }
}
