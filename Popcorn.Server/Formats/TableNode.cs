namespace Popcorn.Server;

/// <summary>
/// One object level of a <see cref="TableLayout"/>: the keys the generated writer may write there (pre-encoded, as it
/// writes them), each leading to a column or to the nested object's own level.
/// </summary>
internal sealed class TableNode
{
    private readonly List<byte[]> _keys = [];
    private readonly List<int> _columns = [];
    private readonly List<TableNode?> _children = [];

    /// <summary>How many keys this level has.</summary>
    public int Count => _keys.Count;

    /// <summary>The column the key at <paramref name="slot"/> fills, or -1 when it opens a nested level.</summary>
    public int ColumnAt(int slot) => _columns[slot];

    /// <summary>The nested level the key at <paramref name="slot"/> opens (null for a column).</summary>
    public TableNode? ChildAt(int slot) => _children[slot];

    /// <summary>
    /// The slot of a key as the JSON writer wrote it (its escaped UTF-8 bytes), or -1 for a key the layout does not know.
    /// A level has a few keys, so a scan comparing lengths first costs less than hashing the key.
    /// </summary>
    public int Find(ReadOnlySpan<byte> key)
    {
        for (int i = 0; i < _keys.Count; i++)
        {
            if (key.SequenceEqual(_keys[i]))
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>Whether the key is already on this level (a derived type's plan repeats the base's keys).</summary>
    public bool Contains(ReadOnlySpan<byte> key) => Find(key) >= 0;

    public void AddColumn(ReadOnlySpan<byte> key, int column)
    {
        _keys.Add(key.ToArray());
        _columns.Add(column);
        _children.Add(null);
    }

    public void AddChild(ReadOnlySpan<byte> key, TableNode child)
    {
        _keys.Add(key.ToArray());
        _columns.Add(-1);
        _children.Add(child);
    }
}
