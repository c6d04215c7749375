namespace Popcorn.Server;

/// <summary>
/// Where a joined value goes in JSON the gateway has copied: the <c>null</c> written at <see cref="Position"/> (4 bytes)
/// is replaced by the target's object for <see cref="Key"/> when the pieces are put together, or stays null.
/// <see cref="Path"/> is the response path from the start of the copied value (root key or joined object), for errors.
/// </summary>
internal sealed class JoinHole(int position, JoinSite site, object[] path)
{
    public int Position { get; } = position;

    public JoinSite Site { get; } = site;

    public object[] Path { get; } = path;

    /// <summary>The parent's key, once its object has been read (a key may come after the join in the service's answer); null when it has none.</summary>
    public JoinKey? Key { get; set; }
}

/// <summary>One object of a join's answer, copied: its key and where it lies in <see cref="JoinRecorder"/>'s output, with its holes.</summary>
internal readonly record struct JoinElement(JoinSite Site, JoinKey Key, int Start, int End, int HoleStart, int HoleEnd);
