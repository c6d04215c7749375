using System.Collections.Concurrent;
using System.Text.Json;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Reads a service's description again (a Popcorn service's schema, a plain service's OpenAPI document:
/// <see cref="UpstreamDescription"/>) and, when what the gateway would serve from it changed, serves the new one
/// (<see cref="UpstreamSchemaComposer"/>): the change is logged (a breaking one as a Warning saying what broke) and
/// reported in the gateway's <c>/popcorn/schema</c>. A description that cannot be served (a name clash, a join or REST
/// resource that no longer fits, an operation the gateway cannot serve) leaves the schema served before, logged as an
/// Error and reported as refused; a service whose description cannot be read keeps being served with the schema it had.
/// When a new schema is served, the output cache's entries that wrote the service's types (tagged
/// <c>popcorn:{Type}</c>) are evicted, so no response of the old schema outlives it. A singleton; the checks run in
/// <see cref="UpstreamSchemaChecks"/>.
/// </summary>
internal sealed class UpstreamSchemaWatch(UpstreamClient client, UpstreamSchemaComposer composer, ILogger<UpstreamSchemaWatch> logger, IOutputCacheStore? outputCache = null)
{
    private readonly ConcurrentDictionary<string, Watched> _services = new(StringComparer.Ordinal);

    /// <summary>Every watched service's status, by name.</summary>
    public IReadOnlyList<UpstreamSchemaStatus> Statuses => _services.Values.Select(s => s.Status).OrderBy(s => s.Service, StringComparer.Ordinal).ToArray();

    /// <summary>The services whose schema is checked, with how often.</summary>
    public IEnumerable<(string Service, TimeSpan Interval)> Checked =>
        _services.Keys.Select(s => (s, client.OptionsOf(s).SchemaCheckInterval)).Where(s => s.Item2 is not null).Select(s => (s.s, s.Item2!.Value));

    /// <summary>Records the description the gateway serves for <paramref name="service"/>, as read at startup.</summary>
    public void Served(string service, byte[] document)
    {
        var shape = UpstreamSchemaShape.Of(UpstreamDescription.Read(service, document, client.OptionsOf(service)));
        _services[service] = new(shape, document, new UpstreamSchemaStatus(service, TimeProvider.System.GetUtcNow(), null, null, [], null));
    }

    /// <summary>Reads the service's description again and serves it if it changed; never throws but for <paramref name="cancellationToken"/>.</summary>
    public async Task CheckAsync(string service, CancellationToken cancellationToken)
    {
        var watched = _services[service];
        var settings = client.OptionsOf(service);
        var now = TimeProvider.System.GetUtcNow();
        Watched next;
        try
        {
            byte[] document = await client.GetCopyAsync(service, UpstreamDescription.PathOf(settings), cancellationToken);

            // The same bytes are the same description, so they are not read again; other bytes may still describe the
            // same schema (a new `info.version`, keys in another order, an operation the gateway does not serve),
            // which the fingerprint of what is read from them tells.
            next = document.AsSpan().SequenceEqual(watched.Document)
                ? Unchanged(watched, now)
                : await ChangedAsync(service, watched, document, settings, now, cancellationToken);
        }
        catch (Exception e) when (e is UpstreamUnavailableException or UnreadableDescriptionException && !cancellationToken.IsCancellationRequested)
        {
            // The last good schema stays served: a service that is down is its fields' SOURCE_UNAVAILABLE, not the
            // whole gateway's outage, and a description that cannot be read says nothing about what it answers.
            next = watched with { Status = watched.Status with { CheckedAt = now, Unreachable = e.Message } };
        }

        // Logged before the status is published: whoever reads the status (an operator's probe, a test) then finds the
        // log line that goes with it.
        Log(UpstreamDescription.NameOf(settings), watched.Status, next.Status);
        _services[service] = next;
    }

    /// <summary>The schema served is still the service's: the report keeps the last change served (a refused change is gone again).</summary>
    private static Watched Unchanged(Watched watched, DateTimeOffset now) =>
        watched with { Status = watched.Status with { CheckedAt = now, Unreachable = null, Changes = watched.ServedChanges, Refused = null } };

    /// <summary>Serves <paramref name="document"/>, a description other than the served one's bytes, if it serves anything new and can be served.</summary>
    private async Task<Watched> ChangedAsync(string service, Watched watched, byte[] document, PopcornUpstreamOptions settings, DateTimeOffset now, CancellationToken cancellationToken)
    {
        var checkedNow = watched.Status with { CheckedAt = now, Unreachable = null };
        UpstreamSchemaShape shape;
        try
        {
            shape = UpstreamSchemaShape.Of(UpstreamDescription.Read(service, document, settings));
        }
        catch (InvalidOperationException e) when (e is not UnreadableDescriptionException)
        {
            // A description of its kind that the gateway cannot serve (an operation it cannot type): refused as a whole,
            // with no changes to tell, since it could not be read into a schema.
            return watched with { Status = checkedNow with { Changes = [], Refused = e.Message } };
        }

        if (shape.Fingerprint == watched.Served.Fingerprint)
        {
            return Unchanged(watched, now) with { Document = document };
        }

        var changes = shape.ChangesSince(watched.Served);
        if (changes.Count == 0)
        {
            changes = [new(false, "other details changed (descriptions, sortable or filterable fields, limits, how an operation is called); no type or field added, removed or retyped")];
        }

        try
        {
            composer.ServeChanged(service, document);
        }
        catch (Exception e) when (e is InvalidOperationException or JsonException or KeyNotFoundException)
        {
            return watched with { Status = checkedNow with { Changes = changes, Refused = e.Message } };
        }

        await EvictAsync(watched.Served.TypeNames.Union(shape.TypeNames), cancellationToken);
        return new Watched(shape, document, new UpstreamSchemaStatus(service, now, now, null, changes, null)) { ServedChanges = changes };
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

    private void Log(string description, UpstreamSchemaStatus before, UpstreamSchemaStatus after)
    {
        if (after.Unreachable is not null)
        {
            if (before.Unreachable is null)
            {
                logger.UpstreamSchemaUnreadable(after.Service, description, after.Unreachable);
            }

            return;
        }

        string changes = after.Changes.Count == 0 ? "not known, since it could not be read into a schema" : string.Join("; ", after.Changes.Select(c => c.Description));
        if (after.Refused is not null)
        {
            if (after.Refused != before.Refused)
            {
                logger.UpstreamSchemaRefused(after.Service, description, after.Refused, changes);
            }

            return;
        }

        if (after.ServedSince == before.ServedSince)
        {
            return; // nothing new served
        }

        if (after.Changes.Any(c => c.Breaking))
        {
            logger.UpstreamSchemaBroken(after.Service, description, after.Changes.Count(c => c.Breaking), changes);
        }
        else
        {
            logger.UpstreamSchemaGrew(after.Service, description, changes);
        }
    }

    /// <summary>
    /// A service's served schema and the description it was last read from, its status, and the changes the served
    /// schema brought (the report's, unless a change is refused).
    /// </summary>
    private sealed record Watched(UpstreamSchemaShape Served, byte[] Document, UpstreamSchemaStatus Status)
    {
        public IReadOnlyList<UpstreamSchemaChange> ServedChanges { get; init; } = [];
    }
}
