using Microsoft.AspNetCore.Http.HttpResults;
using Popcorn.Server;

namespace Popcorn.Playground.Staff;

/// <summary>The staff resource and its gateway fields: a polymorphic model over REST and GraphQL.</summary>
internal static class StaffEndpoints
{
    public static void MapStaffResources(this WebApplication app)
    {
        var api = app.MapGroup("/api").WithPopcorn().CacheOutput(policy => policy.Expire(PlaygroundApp.CacheDuration));
        api.MapGet("/staff", (StaffData data) => data.Members).WithName("staff");
        api.MapGet("/staff/{id:int}", Results<Ok<StaffMember>, ProblemHttpResult> (int id, StaffData data) =>
            data.Find(id) is { } member
                ? TypedResults.Ok(member)
                : TypedResults.Problem(statusCode: StatusCodes.Status404NotFound, title: "Not found", detail: $"No staff member has id {id}.")).WithName("staffMember");
    }

    public static PopcornGatewayBuilder AddStaffFields(this PopcornGatewayBuilder gateway) => gateway
        .Field("staff", (StaffData data) => data.Members, "The engineering staff: engineers and managers.")
        .Field("staffMember", (int id, StaffData data) => data.Find(id), "One staff member by id; null when there is none.");
}
