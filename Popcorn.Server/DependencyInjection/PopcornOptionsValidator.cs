using Microsoft.Extensions.Options;

namespace Popcorn.Server;

/// <summary>
/// Checks <see cref="PopcornOptions"/> when the app starts (<c>ValidateOnStart</c>), so a wrong value is a clear
/// startup error naming the option rather than odd behaviour under load.
/// </summary>
internal sealed class PopcornOptionsValidator : IValidateOptions<PopcornOptions>
{
    /// <summary>The deepest query nesting allowed at all: the writers' own depth limit must stay above it.</summary>
    internal const int MaxQueryDepth = 128;

    public ValidateOptionsResult Validate(string? name, PopcornOptions options)
    {
        var failures = new List<string>();
        if (options.Contexts.Count == 0 && !options.ServesUpstreams)
        {
            failures.Add("No Popcorn context is registered: call options.AddContext(YourJsonContext.Default) in AddPopcorn (a gateway that serves only other services' models needs none: call AddPopcornUpstreams).");
        }

        CheckName(failures, nameof(options.QueryParameterName), options.QueryParameterName);
        if (!Enum.IsDefined(options.Envelope))
        {
            failures.Add($"Envelope is {(int)options.Envelope}; it must be one of {string.Join(", ", Enum.GetNames<ResponseEnvelope>())}.");
        }

        CheckName(failures, nameof(options.HeaderName), options.HeaderName);
        CheckRange(failures, nameof(options.MaxPageSize), options.MaxPageSize, 0, int.MaxValue);
        if (options.CursorKey is { } cursorKey && !CursorKeys.TryRead(cursorKey, out _))
        {
            failures.Add("CursorKey must be base64 of at least 32 bytes (e.g. the output of 'openssl rand -base64 32').");
        }

        // Upper ends: what a source can still translate without recursing deeply (one array parameter per 'in', operands joined as a balanced tree).
        CheckRange(failures, nameof(options.MaxFilterInValues), options.MaxFilterInValues, 1, 100_000);
        CheckRange(failures, nameof(options.MaxFilterOperands), options.MaxFilterOperands, 1, 10_000);
        CheckRange(failures, nameof(options.MaxFilterNodes), options.MaxFilterNodes, 1, 1_000_000);
        // Each hop is a join or a subquery; SQLite joins at most 64 tables in one SELECT.
        CheckRange(failures, nameof(options.MaxFilterNavigationDepth), options.MaxFilterNavigationDepth, 0, 16);
        var limits = options.Limits;
        if (limits is null)
        {
            failures.Add("Limits must be set.");
        }
        else
        {
            CheckRange(failures, "Limits:MaxLength", limits.MaxLength, 1, 1024 * 1024);
            CheckRange(failures, "Limits:MaxDepth", limits.MaxDepth, 1, MaxQueryDepth);
            CheckRange(failures, "Limits:MaxFields", limits.MaxFields, 1, 1_000_000);
            CheckRange(failures, "Limits:MaxAliases", limits.MaxAliases, 0, limits.MaxFields);
            int writerDepth = options.WriterOptions.MaxDepth == 0 ? 64 : options.WriterOptions.MaxDepth;
            if (writerDepth <= limits.MaxDepth)
            {
                failures.Add($"WriterOptions.MaxDepth ({writerDepth}) must be above Limits:MaxDepth ({limits.MaxDepth}), or a selection the parser accepts could not be written.");
            }
        }

        if (options.PersistedQueryStore is not { } store)
        {
            failures.Add("PersistedQueryStore must be set.");
        }
        else
        {
            CheckRange(failures, "PersistedQueryStore:MaxEntries", store.MaxEntries, 1, 100_000_000);
            CheckRange(failures, "PersistedQueryStore:MaxBytes", store.MaxBytes, 1024, long.MaxValue);
            CheckRange(failures, "PersistedQueryStore:EvictionsPerMinute", store.EvictionsPerMinute, 0, 1_000_000);
            CheckPositive(failures, "PersistedQueryStore:Lifetime", store.Lifetime);
            CheckPositive(failures, "PersistedQueryStore:BreakerPeriod", store.BreakerPeriod);
        }

        CheckRange(failures, nameof(options.PlanCacheCapacity), options.PlanCacheCapacity, 1, 1_000_000);
        CheckRange(failures, nameof(options.MaxGatewayRequestBytes), options.MaxGatewayRequestBytes, 1024, int.MaxValue);
        CheckRange(failures, nameof(options.MaxSelectionCost), options.MaxSelectionCost, 1, int.MaxValue);
        CheckRange(failures, nameof(options.AssumedListSize), options.AssumedListSize, 1, 1_000_000);
        CheckRange(failures, nameof(options.MaxResponseBytes), options.MaxResponseBytes, 1024, long.MaxValue);
        // Not bounded by MaxResponseBytes: a response past that is refused anyway, so lowering the cap alone stays valid.
        CheckRange(failures, nameof(options.ETagMaxBytes), options.ETagMaxBytes, 0, long.MaxValue);
        CheckRange(failures, nameof(options.ResponseBufferBytes), options.ResponseBufferBytes, 0, long.MaxValue);
        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures.Select(f => "Popcorn: " + f));
    }

    private static void CheckRange(List<string> failures, string option, long value, long min, long max)
    {
        if (value < min || value > max)
        {
            failures.Add($"{option} is {value}; it must be between {min} and {max}.");
        }
    }

    private static void CheckPositive(List<string> failures, string option, TimeSpan value)
    {
        if (value <= TimeSpan.Zero)
        {
            failures.Add($"{option} is {value}; it must be longer than zero.");
        }
    }

    /// <summary>Query parameter and header names are HTTP tokens: letters, digits and a few marks, nothing that needs escaping.</summary>
    private static void CheckName(List<string> failures, string option, string? value)
    {
        if (string.IsNullOrWhiteSpace(value) || !value.All(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' or '.'))
        {
            failures.Add($"{option} is '{value}'; it must be a non-empty name of letters, digits, '-', '_' or '.'.");
        }
    }
}
