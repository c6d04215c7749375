using System.Text.Json.Nodes;

namespace Popcorn.FaultProxy;

/// <summary>The fault the proxy injects now, and every call it received (with its headers), in order.</summary>
internal sealed class FaultState
{
    /// <summary>
    /// <c>healthy</c> passes every call on; <c>slow</c> answers after a minute; <c>status</c> answers <c>code</c>;
    /// <c>malformed</c> sends half the service's JSON; <c>wrong-type</c> its JSON with every string a number;
    /// <c>oversized</c> (<c>-declared</c>: with its Content-Length) 200 kB of whitespace before it; <c>stalled-body</c>
    /// the headers and half the body, then nothing for a minute.
    /// </summary>
    public static readonly string[] Modes = ["healthy", "slow", "status", "malformed", "wrong-type", "oversized", "oversized-declared", "stalled-body"];

    private readonly List<ReceivedCall> _calls = [];
    private (string Mode, int Code) _current = ("healthy", 0);

    public (string Mode, int Code) Current
    {
        get
        {
            lock (_calls)
            {
                return _current;
            }
        }
    }

    public void Set(string mode, int code)
    {
        lock (_calls)
        {
            _current = (mode, code);
        }
    }

    public ReceivedCall Record(HttpRequest request, string mode)
    {
        var headers = request.Headers.ToDictionary(h => h.Key, h => h.Value.ToString(), StringComparer.OrdinalIgnoreCase);
        var call = new ReceivedCall(request.Method, request.Path + request.QueryString, mode, headers);
        lock (_calls)
        {
            _calls.Add(call);
        }

        return call;
    }

    /// <summary>The calls from the <paramref name="from"/>-th on, as JSON: path, fault, headers, and whether a held one was aborted.</summary>
    public JsonArray Received(int from)
    {
        lock (_calls)
        {
            return new JsonArray([.. _calls.Skip(from).Select(c => c.ToJson())]);
        }
    }

    /// <summary>Replaces every string value in <paramref name="node"/> with the number 42, in place.</summary>
    public static JsonNode? Retype(JsonNode? node)
    {
        switch (node)
        {
            case JsonObject obj:
                foreach (var (key, value) in obj.ToList())
                {
                    if (value is JsonValue v && v.GetValueKind() == System.Text.Json.JsonValueKind.String)
                    {
                        obj[key] = 42;
                    }
                    else
                    {
                        Retype(value);
                    }
                }

                break;
            case JsonArray array:
                for (int i = 0; i < array.Count; i++)
                {
                    if (array[i] is JsonValue v && v.GetValueKind() == System.Text.Json.JsonValueKind.String)
                    {
                        array[i] = 42;
                    }
                    else
                    {
                        Retype(array[i]);
                    }
                }

                break;
        }

        return node;
    }
}
