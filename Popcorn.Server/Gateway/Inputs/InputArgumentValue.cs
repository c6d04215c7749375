using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Popcorn.Server;

/// <summary>
/// A validated input argument as the JSON the app's deserializer reads: kept with the cached operation and read into
/// a fresh object for every call, so a resolver may change its input without another request seeing it.
/// </summary>
internal sealed class InputArgumentValue(byte[] json, JsonTypeInfo typeInfo)
{
    public object? Read() => JsonSerializer.Deserialize(json, typeInfo);
}
