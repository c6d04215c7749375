namespace Popcorn.Generator.Model;

/// <summary>How a sequence or dictionary is iterated.</summary>
internal enum CollectionKind
{
    None,

    /// <summary><c>T[]</c>: indexed loop.</summary>
    Array,

    /// <summary><c>List&lt;T&gt;</c>: loop over <c>CollectionsMarshal.AsSpan</c>.</summary>
    List,

    /// <summary><c>ImmutableArray&lt;T&gt;</c>: loop over <c>AsSpan()</c>.</summary>
    ImmutableArray,

    /// <summary><c>HashSet&lt;T&gt;</c> or <c>Dictionary&lt;K,V&gt;</c>: <c>foreach</c> over the concrete type (struct enumerator).</summary>
    Concrete,

    /// <summary>A sequence interface: runtime checks for <c>List&lt;T&gt;</c> and arrays, else <c>foreach</c>.</summary>
    SequenceInterface,

    /// <summary>A dictionary interface: runtime check for <c>Dictionary&lt;K,V&gt;</c>, else <c>foreach</c>.</summary>
    DictionaryInterface,

    /// <summary>Another concrete collection or dictionary: <c>foreach</c> through <c>IEnumerable&lt;T&gt;</c>.</summary>
    Enumerable,
}
