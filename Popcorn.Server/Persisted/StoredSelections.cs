using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The answers to a REST selection written <c>sha256:&lt;hex&gt;</c> that cannot be served: a reference that is not
/// 64 hex digits (a syntax error, with its column), and a hash nothing is stored under (its own problem, with
/// <c>errorKind</c> <c>PersistedSelectionNotFound</c>, so a client knows to send the text instead).
/// </summary>
internal static class StoredSelections
{
    /// <summary>The <c>errorKind</c> of the problem a hash nothing is stored under gets.</summary>
    public const string NotFoundKind = "PersistedSelectionNotFound";

    public static PopcornQueryException Malformed(string reference, PopcornOptions options)
    {
        int column = reference.Length - reference.TrimStart().Length + DocumentHash.Prefix.Length + 1;
        return new PopcornQueryException(
            QueryErrorKind.Syntax,
            $"A stored selection is named '{DocumentHash.Prefix}' and the {DocumentHash.HexLength} hex digits of its SHA-256; to send a selection's text, use '[...]' or '{{ ... }}' in '?{options.QueryParameterName}=' or '{options.HeaderName}'.",
            new SourceLocation(column - 1, 1, column),
            reference.Length <= PopcornQueryException.MaxExcerptLength ? reference : reference[..PopcornQueryException.MaxExcerptLength]);
    }

    public static ProblemDetails NotFound(string hash, PersistedDocuments documents)
    {
        string where = documents.Trusted is not null
            ? "in this server's trusted-documents list"
            : "in this server's persisted-query store (or the store did not answer in time)";
        var problem = new ProblemDetails
        {
            Status = StatusCodes.Status400BadRequest,
            Title = "Unknown stored selection",
            Detail = $"No selection with the hash {DocumentHash.Prefix}{hash} is stored {where}. Send the selection's text instead.",
        };
        problem.Extensions["errorKind"] = NotFoundKind;
        problem.Extensions["hash"] = DocumentHash.Prefix + hash;
        return problem;
    }
}
