namespace Popcorn.Server;

/// <summary>A root field as declared on <see cref="PopcornGatewayBuilder"/>, bound to the app's services and JSON metadata when the gateway is mapped.</summary>
internal sealed record GatewayFieldDeclaration(string Name, Delegate Resolver, string? Description, bool IsMutation)
{
    /// <summary>The authorization policy a caller must satisfy to see and run the field (mutations); null for none.</summary>
    public string? Policy { get; init; }
}
