namespace Popcorn.Benchmarks.Serialization;

/// <summary>The four payloads of the published Popcorn v2 comparison.</summary>
public enum Payload
{
    /// <summary>One <c>SimpleModel</c>.</summary>
    Simple,

    /// <summary>A list of 100 <c>SimpleModel</c>s.</summary>
    SimpleList100,

    /// <summary>One <c>ComplexNestedModel</c> built to depth 3.</summary>
    Complex,

    /// <summary>A list of 25 <c>ComplexNestedModel</c>s built to depth 2.</summary>
    ComplexList25,
}
