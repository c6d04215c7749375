using System.Buffers.Text;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace Popcorn.Server;

/// <summary>
/// Strong <c>ETag</c>s for Popcorn's REST responses and the <c>If-None-Match</c> check that turns a repeat request into
/// a 304. The tag is a 128-bit XxHash of the body's bytes (a tag needs no defence against forgery, and XxHash is
/// about ten times cheaper than SHA-256 per byte; docs/caching.md), so it changes exactly when the bytes do, whatever changed them (the
/// data, the selection, the envelope option), and two instances that write the same bytes give the same tag.
/// </summary>
internal static class EntityTags
{
    /// <summary>Whether a response with this method and status gets an <c>ETag</c>: a successful read.</summary>
    public static bool Applies(HttpContext context, int statusCode) =>
        statusCode == StatusCodes.Status200OK && (HttpMethods.IsGet(context.Request.Method) || HttpMethods.IsHead(context.Request.Method));

    /// <summary>The quoted tag for a body's 128-bit hash, in base64url: 22 characters, e.g. <c>"3q2-7wAAAAAAAAAAAAAAAA"</c>.</summary>
    public static string Format(ReadOnlySpan<byte> hash128) => "\"" + Base64Url.EncodeToString(hash128) + "\"";

    /// <summary>
    /// Whether the client already holds this body (<c>If-None-Match</c> names <paramref name="etag"/>, by the weak
    /// comparison RFC 9110 asks for, or is <c>*</c>) and may be answered 304. Not while ASP.NET Core's output cache is
    /// recording the response: the full body is sent then, so it is stored and later conditional requests are answered
    /// 304 by the cache without running the handler at all.
    /// </summary>
    public static bool ClientHasCurrent(HttpContext context, string etag)
    {
        StringValues ifNoneMatch = context.Request.Headers.IfNoneMatch;
        if (StringValues.IsNullOrEmpty(ifNoneMatch) || IsBeingStored(context))
        {
            return false;
        }

        if (!EntityTagHeaderValue.TryParseList(ifNoneMatch, out var tags))
        {
            return false;
        }

        var current = new EntityTagHeaderValue(etag);
        foreach (var tag in tags)
        {
            if (tag.Equals(EntityTagHeaderValue.Any) || current.Compare(tag, useStrongComparison: false))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsBeingStored(HttpContext context) =>
        context.Features.Get<IOutputCacheFeature>()?.Context is { EnableOutputCaching: true, AllowCacheStorage: true };

    /// <summary>Hashes a held body into a tag; false when bytes were already sent (it was longer than the hold).</summary>
    public static bool TryCompute(ResponseBody body, out string etag)
    {
        Span<byte> digest = stackalloc byte[16];
        etag = body.TryHashWhole(digest) ? Format(digest) : string.Empty;
        return etag.Length > 0;
    }
}
