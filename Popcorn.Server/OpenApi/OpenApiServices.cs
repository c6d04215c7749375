using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server;

/// <summary>Popcorn's services as the OpenAPI transformers need them, with a clear message when <c>AddPopcorn</c> was not called.</summary>
internal static class OpenApiServices
{
    public static PopcornRegistry Registry(IServiceProvider services) => services.GetService<PopcornRegistry>() ?? throw NotAdded();

    public static EndpointModels Models(IServiceProvider services) => services.GetService<EndpointModels>() ?? throw NotAdded();

    private static InvalidOperationException NotAdded() =>
        new("OpenApiOptions.AddPopcorn() describes Popcorn's endpoints, but Popcorn's services are missing: call services.AddPopcorn(...) as well.");
}
