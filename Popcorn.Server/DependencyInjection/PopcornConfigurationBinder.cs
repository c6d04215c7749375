using System.Globalization;
using System.Text.Json;
using Microsoft.Extensions.Configuration;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Reads <see cref="PopcornOptions"/> from configuration (a <c>"Popcorn"</c> section of appsettings.json, environment
/// variables such as <c>Popcorn__Limits__MaxDepth</c>), by hand rather than by the reflection binder: it is trim-safe,
/// never mutates a shared instance (the limits are replaced with <c>with</c>, not set in place), and names the key of
/// a value it cannot read or a key it does not know, so a typo fails at startup instead of being ignored.
/// </summary>
internal static class PopcornConfigurationBinder
{
    private static readonly string[] s_knownKeys =
    [
        nameof(PopcornOptions.QueryParameterName), nameof(PopcornOptions.HeaderName), nameof(PopcornOptions.UnknownFields), nameof(PopcornOptions.UnauthorizedFields),
        nameof(PopcornOptions.PlanCacheCapacity), nameof(PopcornOptions.Envelope), nameof(PopcornOptions.EnvelopeNamingPolicy), ObsoleteUseEnvelope, nameof(PopcornOptions.MaxGatewayRequestBytes), nameof(PopcornOptions.EnableIntrospection), nameof(PopcornOptions.EnablePersistedQueries), nameof(PopcornOptions.TrustedDocumentsPath), nameof(PopcornOptions.GatewayUsesPopcornSemantics), nameof(PopcornOptions.MaxSelectionCost), nameof(PopcornOptions.AssumedListSize), nameof(PopcornOptions.MaxPageSize), nameof(PopcornOptions.CursorKey),
        nameof(PopcornOptions.MaxFilterInValues), nameof(PopcornOptions.MaxFilterOperands), nameof(PopcornOptions.MaxFilterNodes), nameof(PopcornOptions.MaxFilterNavigationDepth),
        nameof(PopcornOptions.MaxResponseBytes), nameof(PopcornOptions.ETagMaxBytes), nameof(PopcornOptions.ResponseBufferBytes), nameof(PopcornOptions.Limits), nameof(PopcornOptions.PersistedQueryStore),
        // Read by AddPopcornUpstreams into one PopcornUpstreamOptions per service (docs/gateway.md), not into PopcornOptions.
        "Upstreams",
    ];

    // PopcornOptions.UseEnvelope, obsolete: still read, so configuration written for it keeps working.
    private const string ObsoleteUseEnvelope = "UseEnvelope";

    private static readonly string[] s_knownLimitKeys =
    [
        nameof(SelectionParserOptions.MaxLength), nameof(SelectionParserOptions.MaxDepth),
        nameof(SelectionParserOptions.MaxFields), nameof(SelectionParserOptions.MaxAliases),
    ];

    private static readonly string[] s_knownStoreKeys =
    [
        nameof(PersistedQueryStoreOptions.MaxEntries), nameof(PersistedQueryStoreOptions.MaxBytes), nameof(PersistedQueryStoreOptions.Lifetime),
        nameof(PersistedQueryStoreOptions.EvictionsPerMinute), nameof(PersistedQueryStoreOptions.BreakerPeriod),
    ];

    /// <exception cref="InvalidOperationException">A value cannot be read, or a key is not an option.</exception>
    public static void Bind(IConfiguration section, PopcornOptions options)
    {
        CheckKeys(section, s_knownKeys, string.Empty);
        options.QueryParameterName = section[nameof(PopcornOptions.QueryParameterName)] ?? options.QueryParameterName;
        options.HeaderName = section[nameof(PopcornOptions.HeaderName)] ?? options.HeaderName;
        options.UnknownFields = Read(section, nameof(PopcornOptions.UnknownFields), options.UnknownFields, static text => Enum.Parse<UnknownFieldHandling>(text, ignoreCase: true));
        options.UnauthorizedFields = Read(section, nameof(PopcornOptions.UnauthorizedFields), options.UnauthorizedFields, static text => Enum.Parse<UnauthorizedFieldHandling>(text, ignoreCase: true));
        options.PlanCacheCapacity = ReadInt(section, nameof(PopcornOptions.PlanCacheCapacity), options.PlanCacheCapacity);
        if (Read<bool?>(section, ObsoleteUseEnvelope, null, static text => bool.Parse(text)) is { } useEnvelope)
        {
            options.Envelope = useEnvelope ? ResponseEnvelope.SuccessData : ResponseEnvelope.None;
        }

        options.Envelope = Read(section, nameof(PopcornOptions.Envelope), options.Envelope, ParseEnvelope);
        options.EnvelopeNamingPolicy = Read(section, nameof(PopcornOptions.EnvelopeNamingPolicy), options.EnvelopeNamingPolicy, ParseNamingPolicy);
        options.MaxGatewayRequestBytes = ReadInt(section, nameof(PopcornOptions.MaxGatewayRequestBytes), options.MaxGatewayRequestBytes);
        options.EnableIntrospection = Read(section, nameof(PopcornOptions.EnableIntrospection), options.EnableIntrospection, bool.Parse);
        options.EnablePersistedQueries = Read(section, nameof(PopcornOptions.EnablePersistedQueries), options.EnablePersistedQueries, bool.Parse);
        options.TrustedDocumentsPath = section[nameof(PopcornOptions.TrustedDocumentsPath)] ?? options.TrustedDocumentsPath;
        options.GatewayUsesPopcornSemantics = Read(section, nameof(PopcornOptions.GatewayUsesPopcornSemantics), options.GatewayUsesPopcornSemantics, bool.Parse);
        options.MaxSelectionCost = ReadInt(section, nameof(PopcornOptions.MaxSelectionCost), options.MaxSelectionCost);
        options.AssumedListSize = ReadInt(section, nameof(PopcornOptions.AssumedListSize), options.AssumedListSize);
        options.MaxPageSize = ReadInt(section, nameof(PopcornOptions.MaxPageSize), options.MaxPageSize);
        options.CursorKey = section[nameof(PopcornOptions.CursorKey)] ?? options.CursorKey;
        options.MaxFilterInValues = ReadInt(section, nameof(PopcornOptions.MaxFilterInValues), options.MaxFilterInValues);
        options.MaxFilterOperands = ReadInt(section, nameof(PopcornOptions.MaxFilterOperands), options.MaxFilterOperands);
        options.MaxFilterNodes = ReadInt(section, nameof(PopcornOptions.MaxFilterNodes), options.MaxFilterNodes);
        options.MaxFilterNavigationDepth = ReadInt(section, nameof(PopcornOptions.MaxFilterNavigationDepth), options.MaxFilterNavigationDepth);
        options.MaxResponseBytes = ReadLong(section, nameof(PopcornOptions.MaxResponseBytes), options.MaxResponseBytes);
        options.ETagMaxBytes = ReadLong(section, nameof(PopcornOptions.ETagMaxBytes), options.ETagMaxBytes);
        options.ResponseBufferBytes = ReadLong(section, nameof(PopcornOptions.ResponseBufferBytes), options.ResponseBufferBytes);

        var limits = section.GetSection(nameof(PopcornOptions.Limits));
        CheckKeys(limits, s_knownLimitKeys, nameof(PopcornOptions.Limits) + ":");
        options.Limits = options.Limits with
        {
            MaxLength = ReadInt(limits, nameof(SelectionParserOptions.MaxLength), options.Limits.MaxLength),
            MaxDepth = ReadInt(limits, nameof(SelectionParserOptions.MaxDepth), options.Limits.MaxDepth),
            MaxFields = ReadInt(limits, nameof(SelectionParserOptions.MaxFields), options.Limits.MaxFields),
            MaxAliases = ReadInt(limits, nameof(SelectionParserOptions.MaxAliases), options.Limits.MaxAliases),
        };

        var store = section.GetSection(nameof(PopcornOptions.PersistedQueryStore));
        CheckKeys(store, s_knownStoreKeys, nameof(PopcornOptions.PersistedQueryStore) + ":");
        var current = options.PersistedQueryStore;
        options.PersistedQueryStore = current with
        {
            MaxEntries = ReadInt(store, nameof(PersistedQueryStoreOptions.MaxEntries), current.MaxEntries),
            MaxBytes = ReadLong(store, nameof(PersistedQueryStoreOptions.MaxBytes), current.MaxBytes),
            Lifetime = ReadTimeSpan(store, nameof(PersistedQueryStoreOptions.Lifetime), current.Lifetime),
            EvictionsPerMinute = ReadInt(store, nameof(PersistedQueryStoreOptions.EvictionsPerMinute), current.EvictionsPerMinute),
            BreakerPeriod = ReadTimeSpan(store, nameof(PersistedQueryStoreOptions.BreakerPeriod), current.BreakerPeriod),
        };
    }

    private static ResponseEnvelope ParseEnvelope(string text) =>
        Enum.TryParse<ResponseEnvelope>(text, ignoreCase: true, out var envelope) && Enum.IsDefined(envelope) && !char.IsDigit(text[0])
            ? envelope
            : throw new FormatException($"Expected one of {string.Join(", ", Enum.GetNames<ResponseEnvelope>())}.");

    /// <summary>The naming policies System.Text.Json has built in, by the names <c>JsonKnownNamingPolicy</c> gives them.</summary>
    private static JsonNamingPolicy? ParseNamingPolicy(string text) => text.ToLowerInvariant() switch
    {
        "" or "none" or "unspecified" => null,
        "camelcase" => JsonNamingPolicy.CamelCase,
        "snakecaselower" => JsonNamingPolicy.SnakeCaseLower,
        "snakecaseupper" => JsonNamingPolicy.SnakeCaseUpper,
        "kebabcaselower" => JsonNamingPolicy.KebabCaseLower,
        "kebabcaseupper" => JsonNamingPolicy.KebabCaseUpper,
        _ => throw new FormatException("Expected None, CamelCase, SnakeCaseLower, SnakeCaseUpper, KebabCaseLower or KebabCaseUpper."),
    };

    private static int ReadInt(IConfiguration section, string key, int current) =>
        Read(section, key, current, static text => int.Parse(text, NumberStyles.Integer, CultureInfo.InvariantCulture));

    private static long ReadLong(IConfiguration section, string key, long current) =>
        Read(section, key, current, static text => long.Parse(text, NumberStyles.Integer, CultureInfo.InvariantCulture));

    /// <summary>A TimeSpan as .NET writes it: <c>00:00:30</c>, <c>7.00:00:00</c>.</summary>
    private static TimeSpan ReadTimeSpan(IConfiguration section, string key, TimeSpan current) =>
        Read(section, key, current, static text => TimeSpan.Parse(text, CultureInfo.InvariantCulture));

    private static T Read<T>(IConfiguration section, string key, T current, Func<string, T> parse)
    {
        string? text = section[key];
        if (text is null)
        {
            return current;
        }

        try
        {
            return parse(text.Trim());
        }
        catch (Exception e) when (e is FormatException or OverflowException or ArgumentException)
        {
            string type = (Nullable.GetUnderlyingType(typeof(T)) ?? typeof(T)).Name;
            throw new InvalidOperationException($"Popcorn configuration: '{Path(section, key)}' is '{text}', which is not a valid {type}. {e.Message}", e);
        }
    }

    private static void CheckKeys(IConfiguration section, string[] known, string prefix)
    {
        foreach (var child in section.GetChildren())
        {
            if (!known.Contains(child.Key, StringComparer.OrdinalIgnoreCase))
            {
                throw new InvalidOperationException(
                    $"Popcorn configuration: '{Path(section, child.Key)}' is not an option. The options here are: {string.Join(", ", known.Select(k => prefix + k))}.");
            }
        }
    }

    private static string Path(IConfiguration section, string key) =>
        section is IConfigurationSection { Path: { Length: > 0 } path } ? path + ":" + key : key;
}
