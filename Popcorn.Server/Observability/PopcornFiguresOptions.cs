namespace Popcorn.Server;

/// <summary>Configures the live-figures endpoint that <c>MapPopcornFigures</c> maps.</summary>
public sealed class PopcornFiguresOptions
{
    /// <summary>
    /// Map the endpoint outside the Development environment too. Off by default: the figures tell anyone who can reach
    /// the endpoint how the app is used (traffic, error counts, cache behaviour), and listening to the meter costs a
    /// little on every request. In production, export the meter instead (docs/observability.md); turn this on
    /// deliberately, with <c>.RequireAuthorization()</c> on the returned builder.
    /// </summary>
    public bool EnableOutsideDevelopment { get; set; }
}
