namespace Popcorn.Playground.Store;

/// <summary>The store's field authorization: the policy that guards customers' credit limits.</summary>
public static class StoreAuthorization
{
    /// <summary>The policy <see cref="Customer.CreditLimit"/> requires: the caller has the <c>sales</c> role.</summary>
    public const string SalesPolicy = "sales";

    /// <summary>The role that policy asks for.</summary>
    public const string SalesRole = "sales";

    /// <summary>Defines the store's policies. Outside Development nobody signs in, so nobody has the role.</summary>
    public static void AddStoreAuthorization(this IServiceCollection services) =>
        services.AddAuthorization(options => options.AddPolicy(SalesPolicy, policy => policy.RequireRole(SalesRole)));
}
