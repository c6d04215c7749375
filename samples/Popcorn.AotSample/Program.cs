using Microsoft.AspNetCore.Http.HttpResults;
using Popcorn.AotSample;
using Popcorn.Playground.Data;
using Popcorn.Playground.Model;

var builder = WebApplication.CreateSlimBuilder(args);
builder.Services.AddSingleton<SampleData>();
builder.Services.AddPopcorn(options => options.AddContext(AotSampleJsonContext.Default));
// Under Native AOT there is no reflection-based JSON: request bodies (POST /api/cars) and the gateway's mutation inputs
// are read through the app's context, so it goes first in the HTTP JSON options (docs/aot.md).
builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, AotSampleJsonContext.Default));

var app = builder.Build();
var api = app.MapGroup("/api").WithPopcorn();
api.MapGet("/employees", (SampleData data) => data.Employees);
api.MapGet("/employees/{id:int}", Results<Ok<Employee>, NotFound> (int id, SampleData data) =>
    data.FindEmployee(id) is { } employee ? TypedResults.Ok(employee) : TypedResults.NotFound());
api.MapGet("/departments", (SampleData data) => data.Departments);
api.MapGet("/cars", (SampleData data) => data.Cars);
api.MapPost("/cars", (NewCar car, SampleData data) => TypedResults.Created("/api/cars", data.AddCar(car)));
app.MapPopcornGateway("/graphql", RootFields.Declare);
app.Run();
