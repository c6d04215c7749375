using Newtonsoft.Json;
using Newtonsoft.Json.Serialization;

namespace Popcorn.Benchmarks.Peers;

/// <summary>
/// The contract resolver a REST team writes for <c>?fields=</c> with Newtonsoft.Json: built per request from the
/// requested names, it drops every other property. A new resolver per request means Newtonsoft builds its contracts
/// again on every request (sharing one per field set would need a cache keyed by the set: the code teams rarely write).
/// </summary>
public sealed class FieldFilteringContractResolver(IReadOnlySet<string> fields) : DefaultContractResolver
{
    protected override IList<JsonProperty> CreateProperties(Type type, MemberSerialization memberSerialization) =>
        base.CreateProperties(type, memberSerialization).Where(p => p.PropertyName is not null && fields.Contains(p.PropertyName)).ToList();
}
