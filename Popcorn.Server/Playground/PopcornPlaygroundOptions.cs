namespace Popcorn.Server;

/// <summary>Configures the playground that <c>MapPopcornPlayground</c> serves.</summary>
public sealed class PopcornPlaygroundOptions
{
    /// <summary>
    /// Serve the playground outside the Development environment too. Off by default: the playground shows every
    /// model and field, which a production app may not want to advertise; turn it on deliberately (and consider
    /// <c>.RequireAuthorization()</c> on the returned builder).
    /// </summary>
    public bool EnableOutsideDevelopment { get; set; }

    /// <summary>
    /// Where <c>MapPopcornSchema</c> is mapped, the playground's source of models, names and query checks. Default
    /// <c>/popcorn</c>, the default of both maps, so the UI at <c>/popcorn/</c> reads <c>/popcorn/schema</c>.
    /// </summary>
    public string SchemaPattern { get; set; } = "/popcorn";
}
