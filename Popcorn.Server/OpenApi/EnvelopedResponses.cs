using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// Describes a Popcorn endpoint's responses in the configured envelope, as the wire has them: every 2xx JSON body's
/// schema becomes the envelope around it, and every other error body the endpoint declares (a <c>.ProducesProblem(404)</c>)
/// becomes the envelope's error, since the pipeline wraps a handler's own problems too. Without an envelope, nothing changes.
/// </summary>
internal static class EnvelopedResponses
{
    private const string Json = "application/json";
    private const string Problem = "application/problem+json";

    public static void AddTo(OpenApiOperation operation, OpenApiDocument document, EnvelopeWriter envelope)
    {
        if (!envelope.WrapsHandlerProblems || operation.Responses is null)
        {
            return;
        }

        foreach (var (status, response) in operation.Responses)
        {
            if (response is not OpenApiResponse { Content: { } content })
            {
                continue;
            }

            if (status.StartsWith('2') && content.TryGetValue(Json, out var data) && data.Schema is { } schema)
            {
                data.Schema = envelope.DescribeData(schema);
            }
            else if (status[0] is '4' or '5' && content.Remove(Problem))
            {
                // The 400 was described by ProblemResponse already; another status's problem is the handler's, wrapped the same way.
                var (mediaType, error) = envelope.DescribeProblem(document, ProblemResponse.EnsureProblemSchema(document));
                content[mediaType] = new OpenApiMediaType { Schema = error };
            }
        }
    }
}
