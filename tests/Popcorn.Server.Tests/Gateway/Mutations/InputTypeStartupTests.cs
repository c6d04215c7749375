using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Mutations;

/// <summary>An input type GraphQL cannot express is refused when the gateway is mapped, naming the type and the value.</summary>
public sealed class InputTypeStartupTests
{
    [Fact]
    public async Task EnumWrittenAsANameGraphQLCannotHold_StopsTheAppAtMapTime_NamingIt()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton<OrderBook>();
        builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, HoldJsonContext.Default));
        builder.Services.AddPopcorn(options => options.AddContext(OrderBookJsonContext.Default));
        await using var app = builder.Build();

        var error = Should.Throw<InvalidOperationException>(() => app.MapPopcornGateway("/graphql", gateway => gateway
            .Mutation("hold", (int id, HoldReason reason, OrderBook book) => book.Find(id))));

        error.Message.ShouldContain("HoldReason");
        error.Message.ShouldContain("'on-hold'");
        error.Message.ShouldContain("[JsonStringEnumMemberName]");
    }
}

/// <summary>Why an order is held; one value is written with a dash, which no GraphQL enum value can hold.</summary>
public enum HoldReason
{
    Payment,

    [JsonStringEnumMemberName("on-hold")]
    OnHold,
}

[JsonSourceGenerationOptions(UseStringEnumConverter = true)]
[JsonSerializable(typeof(HoldReason))]
internal partial class HoldJsonContext : JsonSerializerContext;
