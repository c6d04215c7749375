using System.Text.Json;
using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// An envelope that puts the data under a key beside a success flag (<c>{"success":true,"data":...}</c>, upstream's
/// <c>{"Success":true,"Data":...}</c>) and wraps every problem, the handler's own included. Its subclasses say the
/// keys and how an error is written.
/// </summary>
internal abstract class WrappingEnvelope(JsonEncodedText success, JsonEncodedText data, string description) : EnvelopeWriter
{
    /// <summary>The success flag's key.</summary>
    protected JsonEncodedText Success { get; } = success;

    public override bool WrapsHandlerProblems => true;

    public override void WriteDataStart(Utf8JsonWriter json)
    {
        json.WriteStartObject();
        json.WriteBoolean(Success, true);
        json.WritePropertyName(data);
    }

    public override void WriteDataEnd(Utf8JsonWriter json) => json.WriteEndObject();

    public override IOpenApiSchema DescribeData(IOpenApiSchema schema) => new OpenApiSchema
    {
        Type = JsonSchemaType.Object,
        Description = description,
        Required = new HashSet<string> { Success.Value, data.Value },
        Properties = new Dictionary<string, IOpenApiSchema>
        {
            [Success.Value] = new OpenApiSchema { Type = JsonSchemaType.Boolean, Description = "Always true here." },
            [data.Value] = schema,
        },
    };
}
