using System.Text.Json.Serialization;
using Popcorn.Bench.Host.Models;

namespace Popcorn.Bench.Host.Plain;

/// <summary>
/// The narrow selection written by hand: what a plain endpoint serves when a client wants only an order's id, number
/// and customer's name (<c>[id,number,customer[name]]</c>), projected once at startup, so a request pays only for
/// System.Text.Json's fast path over the smaller list. Its bytes are the narrow Popcorn response's.
/// </summary>
public sealed record NarrowOrder(int Id, string Number, NarrowCustomer Customer)
{
    /// <summary>The hand-written projection of one order.</summary>
    public static NarrowOrder From(Order order) => new(order.Id, order.Number, new NarrowCustomer(order.Customer.Id, order.Customer.Name));
}

/// <summary>The customer of a <see cref="NarrowOrder"/>: its key and name.</summary>
public sealed record NarrowCustomer(int Id, string Name);

/// <summary>The plain endpoints' metadata for the hand-written narrow list (camelCase, on the fast path).</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(List<NarrowOrder>))]
public partial class NarrowOrderJsonContext : JsonSerializerContext;
