using System.IO.Pipelines;
using System.Text.Json;
using Popcorn.Bench.Host.Data;

namespace Popcorn.Bench.Host.Plain;

/// <summary>
/// The floor of the small GraphQL query over HTTP: a POST answered with the bytes both engines answer
/// <see cref="GraphQLCases.Small"/> with, and no GraphQL work at all. It reads the request body to its end, then writes
/// the constant answer once with its Content-Length and the gateway's content type, so Kestrel, routing and the
/// connection cost what they cost every engine, and nothing else is done. No engine can answer the small query
/// faster than this over the same connection; how far the engines' rates sit below it is their own work.
/// </summary>
public sealed class GraphQLFloor
{
    private readonly byte[] _answer;

    public GraphQLFloor(CompanyData data)
    {
        // The small query is { employee(id: 7) { firstName lastName } }: the same bytes, from the same data.
        var employee = data.Find(7) ?? throw new InvalidOperationException("The company data has no employee 7.");
        using var buffer = new MemoryStream();
        using (var json = new Utf8JsonWriter(buffer))
        {
            json.WriteStartObject();
            json.WriteStartObject("data");
            json.WriteStartObject("employee");
            json.WriteString("firstName", employee.FirstName);
            json.WriteString("lastName", employee.LastName);
            json.WriteEndObject();
            json.WriteEndObject();
            json.WriteEndObject();
        }

        _answer = buffer.ToArray();
    }

    /// <summary>Reads the body to its end, then answers 200 with the constant bytes in one write.</summary>
    public async Task HandleAsync(HttpContext context)
    {
        var body = context.Request.BodyReader;
        while (true)
        {
            ReadResult read = await body.ReadAsync(context.RequestAborted);
            body.AdvanceTo(read.Buffer.End);
            if (read.IsCompleted || read.IsCanceled)
            {
                break;
            }
        }

        var response = context.Response;
        response.StatusCode = StatusCodes.Status200OK;
        response.ContentType = "application/json; charset=utf-8";
        response.ContentLength = _answer.Length;
        await response.BodyWriter.WriteAsync(_answer, context.RequestAborted);
    }
}
