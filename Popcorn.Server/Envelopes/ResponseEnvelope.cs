namespace Popcorn.Server;

/// <summary>
/// What a Popcorn endpoint's JSON response is wrapped in (<see cref="PopcornOptions.Envelope"/>). The choice holds for
/// every JSON body a Popcorn endpoint answers with, its handler's own problems included; CSV and JSON Lines bodies and
/// the <c>/graphql</c> gateway are never wrapped. See docs/configuration.md and docs/migrating-from-popcorn.md.
/// </summary>
public enum ResponseEnvelope
{
    /// <summary>The model as it is; errors as RFC 9457 problem details (<c>application/problem+json</c>). The default.</summary>
    None = 0,

    /// <summary>
    /// <c>{"success":true,"data":...}</c>; errors as <c>{"success":false,"error":{...}}</c>, where the error is the
    /// problem details object <see cref="None"/> would send (<c>application/json</c>).
    /// </summary>
    SuccessData = 1,

    /// <summary>
    /// Upstream Popcorn's default envelope (its <c>ApiResponse&lt;T&gt;</c>), byte for byte: <c>{"Success":true,"Data":...}</c>;
    /// errors as <c>{"Success":false,"Error":{"Code":...,"Message":...,"Detail":...}}</c> (<c>Detail</c> only when
    /// there is one), the keys named by <see cref="PopcornOptions.EnvelopeNamingPolicy"/>.
    /// </summary>
    Upstream = 2,
}
