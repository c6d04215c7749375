using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Popcorn.Fuzz;
using Popcorn.Query;
using Popcorn.Server;
using SharpFuzz;

namespace Popcorn.Fuzz.LibFuzzer;

/// <summary>
/// The fuzz targets. The parser targets and the plan target hold the properties of tests/Popcorn.Fuzz (only
/// <see cref="PopcornQueryException"/> escapes, the error has a position inside the text and a bounded excerpt, an
/// accepted tree prints and parses back, no plan writes a <c>[Never]</c> field); the gateway target holds the request
/// reader to "a status and a message, or a request; never an exception".
/// </summary>
internal static class FuzzTargets
{
    public static readonly IReadOnlyDictionary<string, ReadOnlySpanAction> All = new Dictionary<string, ReadOnlySpanAction>
    {
        ["include"] = data => Parse(data, FuzzSyntax.Include),
        ["graphql"] = data => Parse(data, FuzzSyntax.GraphQL),
        ["plan"] = Plan,
        ["gateway"] = Gateway,
        ["arguments"] = Arguments,
    };

    private static readonly int[] s_gatewayStatuses = [0, StatusCodes.Status400BadRequest, StatusCodes.Status413PayloadTooLarge, StatusCodes.Status415UnsupportedMediaType];

    /// <summary>One syntax's parser, then the same checks as the seeded fuzzer (round trip included), against the first type.</summary>
    private static void Parse(ReadOnlySpan<byte> data, FuzzSyntax syntax)
    {
        string text = Encoding.UTF8.GetString(data);
        text = syntax == FuzzSyntax.Include ? "[" + text.TrimStart('[') : text; // steer the include target to its parser
        Run(new FuzzCase(0, text, default, null, SampleTypes.All[0]));
    }

    /// <summary>The first byte picks the model type; the rest is the selection, compiled against it.</summary>
    private static void Plan(ReadOnlySpan<byte> data)
    {
        if (data.IsEmpty)
        {
            return;
        }

        var type = SampleTypes.All[data[0] % SampleTypes.All.Length];
        Run(new FuzzCase(0, Encoding.UTF8.GetString(data[1..]), default, null, type));
    }

    private static void Run(FuzzCase input)
    {
        var (outcome, _, error, tree, plan) = FuzzTarget.Execute(input);
        if (FuzzTarget.Check(input, outcome, error, tree, plan) is { } broken)
        {
            throw new InvalidOperationException(broken);
        }
    }

    /// <summary>
    /// A list field's arguments: the bytes up to the first NUL are the argument text (the first byte picks the syntax
    /// the field is written in), the rest the variables' JSON. Then the checks of the argument fuzzer (tests/Popcorn.Fuzz):
    /// the parser and compiler's properties, and the arguments arranging rows in memory.
    /// </summary>
    private static void Arguments(ReadOnlySpan<byte> data)
    {
        if (data.IsEmpty)
        {
            return;
        }

        int split = data.IndexOf((byte)0);
        string arguments = Encoding.UTF8.GetString(split < 0 ? data[1..] : data[1..Math.Max(1, split)]);
        JsonElement variables = default;
        if (split >= 0)
        {
            try
            {
                using var json = JsonDocument.Parse(data[(split + 1)..].ToArray(), GatewayRequest.JsonOptions);
                variables = json.RootElement.ValueKind == JsonValueKind.Object ? json.RootElement.Clone() : default;
            }
            catch (JsonException)
            {
                // Not JSON: the gateway's reader refuses such a body before any parsing (the gateway target covers it).
            }
        }

        string text = (data[0] % 3) switch
        {
            0 => $"[rows({arguments})[id,name]]",
            1 => $"{{ rows({arguments}) {{ id name }} }}",
            _ => $"query($a: Int, $b: String, $f: RowFilter, $s: [RowSort!], $l: [Int]) {{ rows({arguments}) {{ id }} }}",
        };
        var (_, problem) = ArgumentFuzz.Execute(new FuzzCase(0, text, variables, null, ArgumentModel.Holder));
        if (problem is not null)
        {
            throw new InvalidOperationException(problem);
        }
    }

    /// <summary>The bytes as a <c>/graphql</c> POST body; then, if they make a request, its variables bound to a document.</summary>
    private static void Gateway(ReadOnlySpan<byte> data)
    {
        var context = new DefaultHttpContext();
        context.Request.Method = HttpMethods.Post;
        context.Request.ContentType = "application/json";
        context.Request.Body = new MemoryStream(data.ToArray());
        var (request, status, message) = GatewayRequest.ReadAsync(context, 64 * 1024).GetAwaiter().GetResult();
        if (request is null ? message is null || !s_gatewayStatuses.Contains(status) : status != 0)
        {
            throw new InvalidOperationException($"The request reader answered status {status} with message '{message}'.");
        }

        if (request is { Query: { } query } && request.Variables.ValueKind is JsonValueKind.Object or JsonValueKind.Undefined)
        {
            Run(new FuzzCase(0, query, request.Variables, request.OperationName, SampleTypes.All[0]));
        }
    }
}
