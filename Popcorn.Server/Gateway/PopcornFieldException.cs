namespace Popcorn.Server;

/// <summary>
/// A resolver's domain failure, meant for the client: an input whose content is wrong, a conflict, something not
/// found. Thrown from a gateway resolver, it becomes that field's error with its message, the field's path and
/// location, and <c>extensions.code</c> = <see cref="Code"/>; the field is <c>null</c> and the operation's other fields
/// still run (docs/graphql-syntax.md, "Mutations"). Any other exception is an internal error whose text never reaches
/// the client.
/// </summary>
public class PopcornFieldException : Exception
{
    /// <summary>A failure with a message the client may read and a code it can branch on.</summary>
    /// <param name="message">Shown to the client as the error's <c>message</c>: write it for them.</param>
    /// <param name="code">The error's <c>extensions.code</c>, e.g. <c>OUT_OF_STOCK</c>, <c>NOT_FOUND</c>; <c>BAD_USER_INPUT</c> when null.</param>
    public PopcornFieldException(string message, string? code = null)
        : base(message)
    {
        ArgumentException.ThrowIfNullOrEmpty(message);
        Code = string.IsNullOrEmpty(code) ? DefaultCode : code;
    }

    /// <summary>The code when none is given: the input's content was refused.</summary>
    public const string DefaultCode = "BAD_USER_INPUT";

    /// <summary>The error's <c>extensions.code</c>.</summary>
    public string Code { get; }
}
