using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Http.HttpResults;
using Popcorn.Playground.Data;
using Popcorn.Playground.Model;
using Popcorn.Playground.Store;
using Popcorn.Server;

namespace Popcorn.Playground;

/// <summary>Builds the sample application: the REST resources, the gateway, the schema tools and the UI.</summary>
public static class PlaygroundApp
{
    /// <summary>Creates the app; <c>--urls</c> and other host arguments pass through.</summary>
    public static WebApplication Build(string[] args)
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = args, ContentRootPath = AppContext.BaseDirectory, WebRootPath = "wwwroot" });
        builder.Services.AddSingleton<SampleData>();
        builder.Services.AddPopcorn(options =>
        {
            options.AddContext(PlaygroundJsonContext.Default);
            options.AddContext(StoreJsonContext.Default);
            options.UseEnvelope = builder.Configuration.GetValue<bool>("Popcorn:UseEnvelope");
        });
        builder.Services.AddStore(builder.Configuration);
        builder.Services.AddPopcornEntityFrameworkCore();
        builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, PlaygroundJsonContext.Default));

        var app = builder.Build();
        app.PrepareStore();
        app.UseDefaultFiles();
        app.UseStaticFiles();
        MapResources(app);
        MapPlainResources(app);
        app.MapStoreResources();
        app.MapPopcornSchema();
        app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("employees", (SampleData data) => data.Employees, "Every employee.")
            .Field("employee", (int id, SampleData data) => data.FindEmployee(id), "One employee by id; null when there is none.")
            .Field("departments", (SampleData data) => data.Departments, "Every department.")
            .Field("department", (int id, SampleData data) => data.FindDepartment(id), "One department by id; null when there is none.")
            .Field("cars", (SampleData data) => data.Cars, "The whole fleet.")
            .Field("car", (int id, SampleData data) => data.FindCar(id), "One car by id; null when there is none.")
            .AddStoreFields());
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

    /// <summary>The same data through plain System.Text.Json (IgnoreCycles), for the HTTP benchmarks' baseline.</summary>
    private static void MapPlainResources(WebApplication app)
    {
        var options = new JsonSerializerOptions(PlaygroundJsonContext.Default.Options) { ReferenceHandler = ReferenceHandler.IgnoreCycles };
        var employees = (System.Text.Json.Serialization.Metadata.JsonTypeInfo<List<Employee>>)options.GetTypeInfo(typeof(List<Employee>));
        app.MapGet("/plain/employees", (SampleData data) => TypedResults.Json(data.Employees, employees));

        // A larger list for bench/http/run.sh, through Popcorn and through plain System.Text.Json.
        var generated = new Lazy<List<Employee>>(() => GenerateEmployees(app.Services.GetRequiredService<SampleData>(), 1_024));
        app.MapGet("/bench/employees", () => generated.Value).WithPopcorn().WithName("benchEmployees");
        app.MapGet("/plain/bench/employees", () => TypedResults.Json(generated.Value, employees));
    }

    /// <summary>
    /// <paramref name="count"/> employees copied from the sample in blocks of its size, each block with its own manager
    /// chain; no departments or cars, so a deep selection stays proportional to the list.
    /// </summary>
    private static List<Employee> GenerateEmployees(SampleData data, int count)
    {
        var sample = data.Employees;
        var list = new List<Employee>(count);
        for (int i = 0; i < count; i++)
        {
            var source = sample[i % sample.Count];
            list.Add(new Employee
            {
                Id = i + 1,
                FirstName = source.FirstName,
                LastName = source.LastName,
                Email = $"{i + 1}.{source.Email}",
                Birthday = source.Birthday,
                EmploymentType = source.EmploymentType,
                Salary = source.Salary,
                SocialSecurityNumber = source.SocialSecurityNumber,
                Skills = source.Skills,
                Links = source.Links,
                HiredAt = source.HiredAt,
            });
        }

        for (int i = 0; i < count; i++)
        {
            if (sample[i % sample.Count].Manager is { } manager && (i / sample.Count * sample.Count) + manager.Id - 1 is var at && at < count)
            {
                list[i].Manager = list[at];
            }
        }

        return list;
    }

    private static ProblemHttpResult NotFound(string resource, int id) =>
        TypedResults.Problem(statusCode: StatusCodes.Status404NotFound, title: "Not found", detail: $"No {resource} has id {id}.");
}
