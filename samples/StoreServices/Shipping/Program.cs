using Popcorn.StoreServices.Shipping;

// The shipping service: a plain JSON API, no Popcorn. Its only description is the OpenAPI document ASP.NET Core
// generates (/openapi/v1.json), which the gateway (../Gateway) reads at startup: each GET operation's name
// (WithName) becomes a root field, its parameters the field's arguments, its response the field's type.
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddOpenApi();

var app = builder.Build();
app.MapOpenApi();
app.MapGet("/shipments", (int? orderId, string? carrier) => ShipmentsSeed.All
        .Where(s => (orderId is null || s.OrderId == orderId) && (carrier is null || s.Carrier == carrier)))
    .WithName("shipments")
    .WithSummary("Every shipment, or those of one order or one carrier.");
app.MapGet("/shipments/{id}", (int id) => ShipmentsSeed.All.FirstOrDefault(s => s.Id == id) is { } shipment
        ? Results.Ok(shipment)
        : Results.NotFound())
    .WithName("shipment")
    .WithSummary("One shipment by its id.")
    .Produces<Shipment>()
    .Produces(StatusCodes.Status404NotFound);
app.Run();
