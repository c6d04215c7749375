using System.Text.Json.Nodes;

namespace Popcorn.FaultProxy;

/// <summary>One call the proxy received: what was asked, with which headers, under which fault, and whether its caller gave up on it while it was held.</summary>
internal sealed class ReceivedCall(string method, string pathAndQuery, string fault, Dictionary<string, string> headers)
{
    private static readonly TimeSpan s_hold = TimeSpan.FromMinutes(1);

    private volatile bool _aborted;

    /// <summary>
    /// Holds the call for a minute, or until its caller aborts it (then recorded as aborted). True when it was aborted.
    /// </summary>
    public async Task<bool> HoldAsync(CancellationToken aborted)
    {
        try
        {
            await Task.Delay(s_hold, aborted);
            return false;
        }
        catch (OperationCanceledException)
        {
            _aborted = true;
            return true;
        }
    }

    public JsonObject ToJson() => new()
    {
        ["method"] = method,
        ["path"] = pathAndQuery,
        ["fault"] = fault,
        ["aborted"] = _aborted,
        ["headers"] = new JsonObject(headers.Select(h => KeyValuePair.Create(h.Key, (JsonNode?)h.Value))),
    };
}
