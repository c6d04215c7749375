using Popcorn.StoreServices.Shipping;

// The shipping service: a plain JSON API, no Popcorn. Its only description is the OpenAPI document ASP.NET Core
// generates (/openapi/v1.json), which the gateway (../Gateway) reads at startup: each GET operation's name
// (WithName) becomes a root field, its parameters the field's arguments, its response the field's type.
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddOpenApi();

var app = builder.Build();
app.MapOpenApi();
// orderId is a list (?orderId=3&orderId=7): the gateway's Order.shipment join sends a whole level's order ids in one call.
app.MapGet("/shipments", (int[]? orderId, string? carrier) => ShipmentsSeed.All
        .Where(s => (orderId is not { Length: > 0 } || orderId.Contains(s.OrderId)) && (carrier is null || s.Carrier == carrier)))
    .WithName("shipments")
    .WithSummary("Every shipment, or those of some orders or of one carrier.");
app.MapGet("/shipments/{id}", (int id) => ShipmentsSeed.All.FirstOrDefault(s => s.Id == id) is { } shipment
        ? Results.Ok(shipment)
        : Results.NotFound())
    .WithName("shipment")
    .WithSummary("One shipment by its id.")
    .Produces<Shipment>()
    .Produces(StatusCodes.Status404NotFound);
app.Run();
