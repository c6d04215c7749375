using System.Diagnostics.CodeAnalysis;
using Popcorn.Playground.Data;
using Popcorn.Playground.Model;
using Popcorn.Server;

namespace Popcorn.AotSample;

/// <summary>The gateway's root fields, declared in one place so the trimming warning is answered once.</summary>
internal static class RootFields
{
    /// <summary>Queries over the in-memory data, and one mutation.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification =
        "Each resolver is a lambda compiled into this app, so Native AOT keeps its method, parameters and return type; " +
        "CI publishes this app with PublishAot and calls every kind of field (docs/aot.md).")]
    public static void Declare(PopcornGatewayBuilder gateway) => gateway
        .Field("employees", (SampleData data) => data.Employees, "Every employee.")
        .Field("employee", (int id, SampleData data) => data.FindEmployee(id), "One employee by id; null when there is none.")
        .Field("departments", (SampleData data) => data.Departments, "Every department.")
        .Field("car", async (int id, SampleData data, CancellationToken aborted) =>
        {
            await Task.Yield(); // a resolver that awaits: its Task<Car?> result is read after the await
            return data.FindCar(id);
        }, "One car by id; null when there is none.")
        .Field("cars", (SampleData data) => data.Cars, "The whole fleet.")
        .Mutation("addCar", (NewCar car, SampleData data) => data.AddCar(car), "Adds a car to the fleet.");
}
