using System.Collections.Concurrent;
using System.Text.Json;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Reads a Popcorn service's schema again and, when it changed, serves the new one (<see cref="UpstreamSchemaComposer"/>):
/// the change is logged (a breaking one as a Warning saying what broke) and reported in the gateway's
/// <c>/popcorn/schema</c>. A schema that cannot be served (a name clash, a join or REST resource that no longer fits)
/// leaves the one served before, logged as an Error and reported as refused; a service that cannot be read keeps being
/// served with the schema it had. When a new schema is served, the output cache's entries that wrote the service's
/// types (tagged <c>popcorn:{Type}</c>) are evicted, so no REST response of the old schema outlives it. A singleton;
/// the checks run in <see cref="UpstreamSchemaChecks"/>.
/// </summary>
internal sealed class UpstreamSchemaWatch(UpstreamClient client, UpstreamSchemaComposer composer, ILogger<UpstreamSchemaWatch> logger, IOutputCacheStore? outputCache = null)
{
    private readonly ConcurrentDictionary<string, Watched> _services = new(StringComparer.Ordinal);

    /// <summary>Every watched service's status, by name.</summary>
    public IReadOnlyList<UpstreamSchemaStatus> Statuses => _services.Values.Select(s => s.Status).OrderBy(s => s.Service, StringComparer.Ordinal).ToArray();

    /// <summary>The services whose schema is checked, with how often.</summary>
    public IEnumerable<(string Service, TimeSpan Interval)> Checked =>
        _services.Keys.Select(s => (s, client.OptionsOf(s).SchemaCheckInterval)).Where(s => s.Item2 is not null).Select(s => (s.s, s.Item2!.Value));

    /// <summary>Records the schema the gateway serves for <paramref name="service"/>, as read at startup.</summary>
    public void Served(string service, ReadOnlyMemory<byte> schema)
    {
        var shape = UpstreamSchemaShape.Read(schema, client.OptionsOf(service).Prefix);
        _services[service] = new(shape, new UpstreamSchemaStatus(service, TimeProvider.System.GetUtcNow(), null, null, [], null));
    }

    /// <summary>Reads the service's schema again and serves it if it changed; never throws but for <paramref name="cancellationToken"/>.</summary>
    public async Task CheckAsync(string service, CancellationToken cancellationToken)
    {
        var watched = _services[service];
        var (served, before) = (watched.Served, watched.Status);
        var settings = client.OptionsOf(service);
        var now = TimeProvider.System.GetUtcNow();
        UpstreamSchemaStatus after;
        try
        {
            byte[] document = await client.GetCopyAsync(service, settings.SchemaPath, cancellationToken);
            var shape = UpstreamSchemaShape.Read(document, settings.Prefix);
            if (shape.Fingerprint == served.Fingerprint)
            {
                // The schema served: the report keeps the last change served (a refused change is gone again).
                after = before with { CheckedAt = now, Unreachable = null, Changes = watched.ServedChanges, Refused = null };
            }
            else
            {
                var changes = shape.ChangesSince(served);
                if (changes.Count == 0)
                {
                    changes = [new(false, "other details changed (descriptions, sortable or filterable fields, limits); no type or field added, removed or retyped")];
                }

                try
                {
                    composer.ServeChanged(service, document);
                    await EvictAsync(served.TypeNames.Union(shape.TypeNames), cancellationToken);
                    served = shape;
                    after = new UpstreamSchemaStatus(service, now, now, null, changes, null);
                }
                catch (Exception e) when (e is InvalidOperationException or JsonException or KeyNotFoundException)
                {
                    after = before with { CheckedAt = now, Unreachable = null, Changes = changes, Refused = e.Message };
                }
            }
        }
        catch (Exception e) when (e is UpstreamUnavailableException or JsonException or InvalidOperationException && !cancellationToken.IsCancellationRequested)
        {
            // The last good schema stays served: a service that is down is its fields' SOURCE_UNAVAILABLE, not the
            // whole gateway's outage, and one whose schema cannot be read says nothing about what it answers.
            after = before with { CheckedAt = now, Unreachable = e.Message };
        }

        // Logged before the status is published: whoever reads the status (an operator's probe, a test) then finds the
        // log line that goes with it.
        Log(before, after);
        _services[service] = new(served, after) { ServedChanges = after.Refused is null ? after.Changes : watched.ServedChanges };
    }

    /// <summary>Evicts the cached responses that wrote any of <paramref name="types"/>; a store that fails leaves them to expire.</summary>
    private async Task EvictAsync(IEnumerable<string> types, CancellationToken cancellationToken)
    {
        if (outputCache is null)
        {
            return;
        }

        foreach (string type in types)
        {
            try
            {
                await outputCache.EvictByTagAsync(SelectionMeaning.TypeTagPrefix + type, cancellationToken);
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                // The store is down (Redis): its entries expire on their own; the new schema is served either way.
                return;
            }
        }
    }

    private void Log(UpstreamSchemaStatus before, UpstreamSchemaStatus after)
    {
        if (after.Unreachable is not null)
        {
            if (before.Unreachable is null)
            {
                logger.UpstreamSchemaUnreadable(after.Service, after.Unreachable);
            }

            return;
        }

        string changes = string.Join("; ", after.Changes.Select(c => c.Description));
        if (after.Refused is not null)
        {
            if (after.Refused != before.Refused)
            {
                logger.UpstreamSchemaRefused(after.Service, after.Refused, changes);
            }

            return;
        }

        if (after.ServedSince == before.ServedSince)
        {
            return; // nothing new served
        }

        if (after.Changes.Any(c => c.Breaking))
        {
            logger.UpstreamSchemaBroken(after.Service, after.Changes.Count(c => c.Breaking), changes);
        }
        else
        {
            logger.UpstreamSchemaGrew(after.Service, changes);
        }
    }

    /// <summary>A service's served schema, its status, and the changes the served schema brought (the report's, unless a change is refused).</summary>
    private sealed record Watched(UpstreamSchemaShape Served, UpstreamSchemaStatus Status)
    {
        public IReadOnlyList<UpstreamSchemaChange> ServedChanges { get; init; } = [];
    }
}
