using System.ComponentModel.DataAnnotations.Schema;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>A coupon with a label computed in .NET, which EF Core does not map and so cannot read in a projection.</summary>
public class Coupon
{
    [Always] public int Id { get; set; }

    [Default] public string Code { get; set; } = "";

    public int PercentOff { get; set; }

    [NotMapped] public string Label => $"{Code}: {PercentOff}% off";
}
