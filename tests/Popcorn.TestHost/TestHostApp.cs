using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.TestHost.Data;
using Popcorn.TestHost.Model;

namespace Popcorn.TestHost;

/// <summary>
/// The app the server and hardening tests run against: REST resources over the test data (lists, single items with
/// typed results, a POST with Created), one plain endpoint without Popcorn, the /graphql gateway and the schema tools.
/// No UI, no database.
/// </summary>
public static class TestHostApp
{
    // The data cycles (a department lists its members, who point back at it), which plain System.Text.Json refuses.
    private static readonly JsonSerializerOptions s_plainOptions = new(TestHostJsonContext.Default.Options)
    {
        ReferenceHandler = ReferenceHandler.IgnoreCycles,
    };

    /// <summary>
    /// Creates the app; <c>--urls</c> and configuration switches (<c>--Popcorn:Envelope=SuccessData</c>) pass through, and
    /// <paramref name="services"/> may register services of a test's own first.
    /// </summary>
    public static WebApplication Build(string[] args, Action<IServiceCollection>? services = null)
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = args, ContentRootPath = AppContext.BaseDirectory });
        services?.Invoke(builder.Services); // a test's own services (a failing cache) before Popcorn's defaults
        builder.Services.AddSingleton<SampleData>();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"), options => options.AddContext(TestHostJsonContext.Default));
        builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, TestHostJsonContext.Default));

        var app = builder.Build();
        app.UseStatusCodePages(); // framework 404/405/415 answers get a problem-details body, like Popcorn's own
        MapResources(app);
        // Without Popcorn: what System.Text.Json writes through the same context on its own ([Never] must hold here too).
        app.MapGet("/plain/employees/{id:int}", (int id, SampleData data) =>
            data.FindEmployee(id) is { } employee ? Results.Json(employee, s_plainOptions) : Results.NotFound());
        app.MapPopcornSchema();
        app.MapPopcornFigures(); // Development only: the Production default maps nothing
        app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("employees", (SampleData data) => data.Employees, "Every employee.")
            .Field("employee", (int id, SampleData data) => data.FindEmployee(id), "One employee by id; null when there is none.")
            .Field("departments", (SampleData data) => data.Departments, "Every department.")
            .Field("department", (int id, SampleData data) => data.FindDepartment(id), "One department by id; null when there is none.")
            .Field("cars", (SampleData data) => data.Cars, "The whole fleet.")
            .Field("car", (int id, SampleData data) => data.FindCar(id), "One car by id; null when there is none."));
        return app;
    }

    private static void MapResources(WebApplication app)
    {
        var api = app.MapGroup("/api").WithPopcorn();
        api.MapGet("/employees", (SampleData data) => data.Employees).WithName("employees");
        api.MapGet("/employees/{id:int}", Results<Ok<Employee>, ProblemHttpResult> (int id, SampleData data) =>
            data.FindEmployee(id) is { } employee ? TypedResults.Ok(employee) : NotFound("employee", id)).WithName("employee");
        api.MapGet("/departments", (SampleData data) => data.Departments).WithName("departments");
        api.MapGet("/departments/{id:int}", Results<Ok<Department>, ProblemHttpResult> (int id, SampleData data) =>
            data.FindDepartment(id) is { } department ? TypedResults.Ok(department) : NotFound("department", id)).WithName("department");
        api.MapGet("/cars", (SampleData data) => data.Cars).WithName("cars");
        api.MapGet("/cars/{id:int}", Results<Ok<Car>, ProblemHttpResult> (int id, SampleData data) =>
            data.FindCar(id) is { } car ? TypedResults.Ok(car) : NotFound("car", id)).WithName("car");
        // The same fleet under a small cost limit of its own: a list of cars with a few fields each, and no more.
        api.MapGet("/limited/cars", (SampleData data) => data.Cars).WithPopcornCostLimit(50);
        api.MapPost("/cars", Results<Created<Car>, ProblemHttpResult> (NewCar request, SampleData data) =>
        {
            if (string.IsNullOrWhiteSpace(request.Make) || string.IsNullOrWhiteSpace(request.Model))
            {
                return TypedResults.Problem(statusCode: StatusCodes.Status400BadRequest, title: "Invalid car", detail: "'make' and 'model' are required.");
            }

            if (request.OwnerId is { } ownerId && data.FindEmployee(ownerId) is null)
            {
                return TypedResults.Problem(statusCode: StatusCodes.Status400BadRequest, title: "Invalid car", detail: $"No employee has id {ownerId}.");
            }

            var car = data.AddCar(request);
            return TypedResults.Created($"/api/cars/{car.Id}", car);
        }).WithName("createCar");
    }

    private static ProblemHttpResult NotFound(string resource, int id) =>
        TypedResults.Problem(statusCode: StatusCodes.Status404NotFound, title: "Not found", detail: $"No {resource} has id {id}.");
}
