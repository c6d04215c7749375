using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.OutputCaching;
using Popcorn.Playground.Authorization;
using Popcorn.Playground.Data;
using Popcorn.Playground.Model;
using Popcorn.Playground.Scaling;
using Popcorn.Playground.Staff;
using Popcorn.Playground.Store;

namespace Popcorn.Playground;

/// <summary>Builds the sample application: the REST resources, the gateway, the schema tools and the UI.</summary>
public static class PlaygroundApp
{
    /// <summary>Creates the app; <c>--urls</c> and other host arguments pass through.</summary>
    public static WebApplication Build(string[] args)
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = args, ContentRootPath = AppContext.BaseDirectory, WebRootPath = "wwwroot" });
        builder.Services.AddSingleton<SampleData>();
        builder.Services.AddSingleton<StaffData>();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"), options => options
            .AddContext(PlaygroundJsonContext.Default)
            .AddContext(StoreJsonContext.Default));
        builder.Services.AddStore(builder.Configuration);
        builder.Services.AddStoreAuthorization();
        builder.AddDevelopmentRoles(); // acting as a user with or without a role: Development only (docs/authorization.md)
        builder.Services.AddSharedCache(builder.Configuration);
        builder.Services.AddPopcornEntityFrameworkCore();
        builder.Services.Configure<Popcorn.EntityFrameworkCore.PopcornEntityFrameworkCoreOptions>(builder.Configuration.GetSection("PopcornEntityFrameworkCore"));
        builder.Services.ConfigureHttpJsonOptions(options =>
        {
            options.SerializerOptions.TypeInfoResolverChain.Insert(0, PlaygroundJsonContext.Default);
            options.SerializerOptions.TypeInfoResolverChain.Insert(1, StoreInputJsonContext.Default); // the store's writes: REST bodies and gateway inputs
        });
        builder.Services.AddOpenApi(options => options.AddPopcorn()); // /openapi/v1.json, with the selection documented (docs/openapi.md)

        var app = builder.Build();
        app.PrepareStore();
        app.UseStatusCodePages(); // framework 404/405/415 answers get a problem-details body, like Popcorn's own
        app.UseDefaultFiles();
        app.UseStaticFiles();
        app.MapDevelopmentRoles(); // authentication first: output caching varies by the caller's field authorization
        app.UseOutputCache();
        app.MapOpenApi();
        MapResources(app);
        app.MapStoreResources();
        app.MapStaffResources();
        app.MapPopcornSchema();
        app.MapPopcornFigures(); // /popcorn/figures, the UI's live figures; Development only (docs/observability.md)
        app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("employees", (SampleData data) => data.Employees, "Every employee.")
            .Field("employee", (int id, SampleData data) => data.FindEmployee(id), "One employee by id; null when there is none.")
            .Field("departments", (SampleData data) => data.Departments, "Every department.")
            .Field("department", (int id, SampleData data) => data.FindDepartment(id), "One department by id; null when there is none.")
            .Field("cars", (SampleData data) => data.Cars, "The whole fleet.")
            .Field("car", (int id, SampleData data) => data.FindCar(id), "One car by id; null when there is none.")
            .AddStoreFields()
            .AddStaffFields());
        return app;
    }

    private static void MapResources(WebApplication app)
    {
        // GETs are cached for a minute, one entry per selection's meaning (docs/caching.md); writes evict by model type.
        var api = app.MapGroup("/api").WithPopcorn().CacheOutput(policy => policy.Expire(CacheDuration));
        api.MapGet("/employees", (SampleData data) => data.Employees).WithName("employees");
        api.MapGet("/employees/{id:int}", Results<Ok<Employee>, ProblemHttpResult> (int id, SampleData data) =>
            data.FindEmployee(id) is { } employee ? TypedResults.Ok(employee) : NotFound("employee", id)).WithName("employee");
        api.MapGet("/departments", (SampleData data) => data.Departments).WithName("departments");
        api.MapGet("/departments/{id:int}", Results<Ok<Department>, ProblemHttpResult> (int id, SampleData data) =>
            data.FindDepartment(id) is { } department ? TypedResults.Ok(department) : NotFound("department", id)).WithName("department");
        api.MapGet("/cars", (SampleData data) => data.Cars).WithName("cars");
        api.MapGet("/cars/{id:int}", Results<Ok<Car>, ProblemHttpResult> (int id, SampleData data) =>
            data.FindCar(id) is { } car ? TypedResults.Ok(car) : NotFound("car", id)).WithName("car");
        api.MapPost("/cars", async Task<Results<Created<Car>, ProblemHttpResult>> (NewCar request, SampleData data, IOutputCacheStore cache, CancellationToken aborted) =>
        {
            if (string.IsNullOrWhiteSpace(request.Make) || string.IsNullOrWhiteSpace(request.Model))
            {
                return TypedResults.Problem(statusCode: StatusCodes.Status400BadRequest, title: "Invalid car", detail: "'make' and 'model' are required.");
            }

            if (TooLong(request) is { } field)
            {
                return TypedResults.Problem(statusCode: StatusCodes.Status400BadRequest, title: "Invalid car", detail: $"'{field}' is longer than {MaxTextLength} characters.");
            }

            if (request.OwnerId is { } ownerId && data.FindEmployee(ownerId) is null)
            {
                return TypedResults.Problem(statusCode: StatusCodes.Status400BadRequest, title: "Invalid car", detail: $"No employee has id {ownerId}.");
            }

            var car = data.AddCar(request);
            // Every cached response that wrote a car (the fleet, an employee's cars) is tagged with the Car type.
            await cache.EvictByTagAsync("popcorn:Car", aborted);
            return TypedResults.Created($"/api/cars/{car.Id}", car);
        }).WithName("createCar");
    }

    /// <summary>How long a cached GET of the in-memory resources is served before the handler runs again.</summary>
    public static readonly TimeSpan CacheDuration = TimeSpan.FromSeconds(60);

    /// <summary>
    /// The longest text a car field takes. The store keeps what it is given and every reader of the fleet gets it
    /// back, as often as a selection aliases it: unbounded, one 8 MB make answered 2 GB (docs/reliability.md).
    /// </summary>
    private const int MaxTextLength = 64;

    /// <summary>The wire name of the first text field over <see cref="MaxTextLength"/>, or null.</summary>
    private static string? TooLong(NewCar car) =>
        car.Make.Length > MaxTextLength ? "make"
        : car.Model.Length > MaxTextLength ? "model"
        : car.Color?.Length > MaxTextLength ? "color"
        : car.LicensePlate?.Length > MaxTextLength ? "licensePlate"
        : null;

    private static ProblemHttpResult NotFound(string resource, int id) =>
        TypedResults.Problem(statusCode: StatusCodes.Status404NotFound, title: "Not found", detail: $"No {resource} has id {id}.");
}
