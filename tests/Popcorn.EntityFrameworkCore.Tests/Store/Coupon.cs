using System.ComponentModel.DataAnnotations.Schema;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>A coupon with a label computed in .NET, which EF Core does not map and so cannot read in a projection.</summary>
public class Coupon
{
    [Always] public int Id { get; set; }

    [Default] public string Code { get; set; } = "";

    public int PercentOff { get; set; }

    [NotMapped] public string Label => $"{Code}: {PercentOff}% off";

    /// <summary>The orders that used the coupon: many-to-many, so its aggregate cannot be one grouped statement.</summary>
    public List<Order> RedeemedBy { get; set; } = [];
}
