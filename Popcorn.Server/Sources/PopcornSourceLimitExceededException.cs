namespace Popcorn.Server;

/// <summary>
/// Thrown by a data source when a request would make it do more work than a documented option allows (the rows a
/// query reads: Popcorn.EntityFrameworkCore's <c>MaxRowsRead</c>). The client's selection is at fault, so REST answers
/// 400 with the message (it names the option) while nothing has been sent, and the gateway gives the field an error
/// with <see cref="Code"/>; after bytes were sent the response is aborted.
/// </summary>
public sealed class PopcornSourceLimitExceededException : Exception
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What was exceeded and how to stay within it, for the client: it must name the option and its value, nothing of the data.</param>
    /// <param name="option">The option that sets the limit (<c>MaxRowsRead</c>).</param>
    /// <param name="limit">Its value.</param>
    public PopcornSourceLimitExceededException(string message, string option, long limit)
        : base(message)
    {
        Option = option;
        Limit = limit;
    }

    /// <summary>The option that sets the limit.</summary>
    public string Option { get; }

    /// <summary>The limit's value.</summary>
    public long Limit { get; }

    /// <summary>The GraphQL error code and REST <c>errorKind</c>: <c>SOURCE_LIMIT_EXCEEDED</c>.</summary>
    public string Code => "SOURCE_LIMIT_EXCEEDED";
}
