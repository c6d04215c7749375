namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>
/// The three services' data. Parcels 1-6 have 5 distinct recipients (the recipients service's <c>in</c> bound); all 12
/// have 9 distinct keys, one of them (99) no recipient's, and parcel 12 has none. Recipient 8's depot does not exist.
/// </summary>
public static class JoinServicesData
{
    public static IReadOnlyList<Parcel> Parcels { get; } =
    [
        new() { Id = 1, RecipientId = 1, Weight = 10, Label = "books" },
        new() { Id = 2, RecipientId = 2, Weight = 20, Label = "lamp" },
        new() { Id = 3, RecipientId = 3, Weight = 30, Label = "chair" },
        new() { Id = 4, RecipientId = 1, Weight = 40, Label = "table" },
        new() { Id = 5, RecipientId = 4, Weight = 50, Label = "rug" },
        new() { Id = 6, RecipientId = 5, Weight = 60, Label = "mirror" },
        new() { Id = 7, RecipientId = 6, Weight = 70, Label = "vase" },
        new() { Id = 8, RecipientId = 7, Weight = 80, Label = "clock" },
        new() { Id = 9, RecipientId = 8, Weight = 90, Label = "shelf" },
        new() { Id = 10, RecipientId = 2, Weight = 100, Label = "desk" },
        new() { Id = 11, RecipientId = 99, Weight = 110, Label = "lost" },
        new() { Id = 12, RecipientId = null, Weight = 120, Label = "unaddressed" },
    ];

    public static IReadOnlyList<Recipient> Recipients { get; } =
    [
        new() { Id = 1, Name = "Ada", DepotCode = "OSL" },
        new() { Id = 2, Name = "Brage", DepotCode = "BGO" },
        new() { Id = 3, Name = "Cora", DepotCode = "OSL" },
        new() { Id = 4, Name = "Dag", DepotCode = "TRD" },
        new() { Id = 5, Name = "Eir", DepotCode = "BGO" },
        new() { Id = 6, Name = "Frode", DepotCode = "TRD" },
        new() { Id = 7, Name = "Gro", DepotCode = "OSL" },
        new() { Id = 8, Name = "Hal", DepotCode = "XXX" },
    ];

    public static IReadOnlyList<Depot> Depots { get; } =
    [
        new() { Code = "OSL", Name = "Oslo" },
        new() { Code = "BGO", Name = "Bergen" },
        new() { Code = "TRD", Name = "Trondheim" },
    ];
}
