namespace Popcorn.Fuzz;

/// <summary>What one input did.</summary>
public enum FuzzOutcome
{
    /// <summary>Parsed and compiled against the chosen sample type.</summary>
    Accepted,

    /// <summary>Parsed, then refused by the plan compiler with a <c>PopcornQueryException</c> (unknown field, ...).</summary>
    RejectedByCompiler,

    /// <summary>Refused by a parser with a <c>PopcornQueryException</c>.</summary>
    RejectedByParser,

    /// <summary>Any other exception escaped: a bug.</summary>
    Escaped,

    /// <summary>No exception escaped, but a property the input must keep was broken (round trip, error shape, [Never] in a plan): a bug.</summary>
    BrokeAProperty,
}
