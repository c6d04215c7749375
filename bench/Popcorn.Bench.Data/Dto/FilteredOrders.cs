namespace Popcorn.Bench.Data.Dto;

/// <summary>
/// The filtered comparison's question, one spelling per side: the first 100 orders of customers in Porto with a line
/// of at least 8 items (about one order in 25 of the generated store).
/// </summary>
public static class FilteredOrders
{
    public const string City = "Porto";

    public const int MinQuantity = 8;

    /// <summary>Popcorn's spelling: root arguments, then the narrow selection (URL-encoded for <c>?include=</c>).</summary>
    public static readonly string Selection = Uri.EscapeDataString($"(first: 100, where: {{customer: {{city: \"{City}\"}}, lines: {{some: {{quantity: {{gte: {MinQuantity}}}}}}}}})[id,placedAt,customer[name]]");
}
