using System.Collections.Concurrent;
using System.Text.Json;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Reads a Popcorn service's schema again and compares it with the one the gateway serves for it: a changed schema is
/// logged (a breaking change as a Warning saying what broke) and reported in the gateway's <c>/popcorn/schema</c>; a
/// service that cannot be read keeps being served with the schema read at startup. A singleton; the checks run in
/// <see cref="UpstreamSchemaChecks"/>.
/// </summary>
internal sealed class UpstreamSchemaWatch(UpstreamClient client, ILogger<UpstreamSchemaWatch> logger)
{
    private readonly ConcurrentDictionary<string, (UpstreamSchemaShape Served, UpstreamSchemaStatus Status)> _services = new(StringComparer.Ordinal);

    /// <summary>Every watched service's status, by name.</summary>
    public IReadOnlyList<UpstreamSchemaStatus> Statuses => _services.Values.Select(s => s.Status).OrderBy(s => s.Service, StringComparer.Ordinal).ToArray();

    /// <summary>The services whose schema is checked, with how often.</summary>
    public IEnumerable<(string Service, TimeSpan Interval)> Checked =>
        _services.Keys.Select(s => (s, client.OptionsOf(s).SchemaCheckInterval)).Where(s => s.Item2 is not null).Select(s => (s.s, s.Item2!.Value));

    /// <summary>Records the schema the gateway serves for <paramref name="service"/>, as read at startup.</summary>
    public void Served(string service, ReadOnlyMemory<byte> schema)
    {
        var shape = UpstreamSchemaShape.Read(schema, client.OptionsOf(service).Prefix);
        _services[service] = (shape, new UpstreamSchemaStatus(service, TimeProvider.System.GetUtcNow(), null, null, []));
    }

    /// <summary>Reads the service's schema again; never throws but for <paramref name="cancellationToken"/>.</summary>
    public async Task CheckAsync(string service, CancellationToken cancellationToken)
    {
        var (served, before) = _services[service];
        var settings = client.OptionsOf(service);
        UpstreamSchemaStatus after;
        try
        {
            var body = await client.GetAsync(service, settings.SchemaPath, context: null, cancellationToken);
            try
            {
                var changes = UpstreamSchemaShape.Read(body.Buffer.AsMemory(0, body.Length), settings.Prefix).ChangesSince(served);
                after = before with { CheckedAt = TimeProvider.System.GetUtcNow(), Unreachable = null, Changes = changes };
            }
            finally
            {
                UpstreamClient.Return(body.Buffer);
            }
        }
        catch (Exception e) when (e is UpstreamUnavailableException or JsonException or InvalidOperationException && !cancellationToken.IsCancellationRequested)
        {
            // The last good schema stays served: a service that is down is its fields' SOURCE_UNAVAILABLE, not the
            // whole gateway's outage, and one whose schema cannot be read says nothing about what it answers.
            after = before with { CheckedAt = TimeProvider.System.GetUtcNow(), Unreachable = e.Message };
        }

        _services[service] = (served, after);
        Log(before, after);
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

        if (after.Changes.SequenceEqual(before.Changes))
        {
            return;
        }

        string changes = string.Join("; ", after.Changes.Select(c => c.Description));
        if (after.Changes.Any(c => c.Breaking))
        {
            logger.UpstreamSchemaBroken(after.Service, after.Changes.Count(c => c.Breaking), changes);
        }
        else if (after.Changes.Count > 0)
        {
            logger.UpstreamSchemaGrew(after.Service, changes);
        }
    }
}
