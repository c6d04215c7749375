using System.Buffers;
using System.Collections.Concurrent;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Polly.Timeout;

namespace Popcorn.Server;

/// <summary>
/// Calls upstream services through their named <see cref="HttpClient"/> (service discovery and the resilience handler
/// are on it): one GET, the allowed request headers passed on, the body read up to the service's cap. Every way a call
/// can fail, except the client leaving, becomes an <see cref="UpstreamUnavailableException"/>. Every call is counted,
/// with its bytes and duration, by <see cref="UpstreamMetrics"/>. A singleton.
/// </summary>
internal sealed class UpstreamClient(
    IHttpClientFactory clients, IOptionsMonitor<PopcornUpstreamOptions> options, UpstreamMetrics metrics, ILogger<UpstreamClient> logger)
{
    private readonly ConcurrentDictionary<string, OutageEpisode> _outages = new(StringComparer.Ordinal);

    /// <summary>The named client of upstream <paramref name="service"/>.</summary>
    public static string HttpClientName(string service) => "Popcorn.Upstream." + service;

    public PopcornUpstreamOptions OptionsOf(string service) => options.Get(service);

    /// <summary>GETs a document the gateway keeps (a service's schema): its body in an array of its own, not a pooled buffer.</summary>
    /// <exception cref="UpstreamUnavailableException">The service did not give a usable answer.</exception>
    public async Task<byte[]> GetCopyAsync(string service, string pathAndQuery, CancellationToken cancellationToken)
    {
        var (buffer, length) = await GetAsync(service, pathAndQuery, context: null, cancellationToken);
        try
        {
            return buffer.AsSpan(0, length).ToArray();
        }
        finally
        {
            Return(buffer);
        }
    }

    /// <summary>
    /// GETs <paramref name="pathAndQuery"/> from <paramref name="service"/> and returns its body (a pooled buffer: return
    /// it with <see cref="Return"/>). <paramref name="context"/> gives the headers to pass on; null at startup.
    /// </summary>
    /// <remarks>
    /// With <paramref name="notFoundIsAnswer"/>, a 404 is an answer, not a failure: the length is -1 (and the buffer
    /// empty), and the call counts as the service answering.
    /// </remarks>
    /// <exception cref="UpstreamUnavailableException">The service did not give a usable answer.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the client left).</exception>
    public async Task<(byte[] Buffer, int Length)> GetAsync(string service, string pathAndQuery, HttpContext? context, CancellationToken cancellationToken, bool notFoundIsAnswer = false)
    {
        var settings = options.Get(service);
        var client = clients.CreateClient(HttpClientName(service));
        using var request = new HttpRequestMessage(HttpMethod.Get, pathAndQuery);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
        if (context is not null)
        {
            foreach (string name in settings.ForwardHeaders)
            {
                if (context.Request.Headers.TryGetValue(name, out var values))
                {
                    request.Headers.TryAddWithoutValidation(name, (IEnumerable<string?>)values);
                }
            }
        }

        long started = metrics.Start();
        string failure = PopcornTelemetryTags.UpstreamErrorStatus; // what an UpstreamUnavailableException thrown below means
        try
        {
            using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
            if (notFoundIsAnswer && response.StatusCode == System.Net.HttpStatusCode.NotFound)
            {
                OutageOf(service).Succeeded();
                metrics.Ended(service, PopcornTelemetryTags.UpstreamNotFound, null, 0, started);
                return ([], -1);
            }

            if (!response.IsSuccessStatusCode)
            {
                int answered = (int)response.StatusCode;
                throw new UpstreamUnavailableException(
                    $"The service '{service}' answered {answered}.",
                    status: answered is StatusCodes.Status503ServiceUnavailable or StatusCodes.Status504GatewayTimeout ? answered : StatusCodes.Status502BadGateway);
            }

            failure = PopcornTelemetryTags.UpstreamErrorTooLarge;
            if (response.Content.Headers.ContentLength > settings.MaxResponseBytes)
            {
                throw TooLarge(service, settings);
            }

            await using var stream = await response.Content.ReadAsStreamAsync(cancellationToken);
            var body = await ReadCappedAsync(stream, service, settings, cancellationToken);
            OutageOf(service).Succeeded();
            metrics.Ended(service, PopcornTelemetryTags.UpstreamAnswered, null, body.Length, started);
            return body;
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            metrics.Ended(service, PopcornTelemetryTags.UpstreamCancelled, null, 0, started);
            throw;
        }
        catch (UpstreamUnavailableException e)
        {
            logger.UpstreamFailed(service, e.Message, null);
            OutageOf(service).Failed(e);
            metrics.Ended(service, PopcornTelemetryTags.UpstreamFailed, failure, 0, started);
            throw;
        }
        catch (Exception e)
        {
            // Connection refused, a timeout of the resilience handler (Polly's TimeoutRejectedException), an open circuit
            // (BrokenCircuitException), a reset mid-body: the client learns only that the service is unavailable.
            logger.UpstreamFailed(service, e.GetType().Name, e);
            OutageOf(service).Failed(e);
            metrics.Ended(service, PopcornTelemetryTags.UpstreamFailed,
                e is TimeoutRejectedException ? PopcornTelemetryTags.UpstreamErrorTimeout : PopcornTelemetryTags.UpstreamErrorUnavailable, 0, started);
            throw new UpstreamUnavailableException($"The service '{service}' is unavailable.", e, e is TimeoutRejectedException ? StatusCodes.Status504GatewayTimeout : StatusCodes.Status503ServiceUnavailable);
        }
    }

    /// <summary>
    /// One outage episode per service: a warning when it starts failing, one line with the count when it answers
    /// again (events 20, 21); each failure itself is event 60, at Debug. Bounded by the configured services.
    /// </summary>
    private OutageEpisode OutageOf(string service) =>
        _outages.GetOrAdd(service, static (name, log) => new OutageEpisode($"Upstream '{name}'", log, TimeProvider.System), logger);

    public static void Return(byte[] buffer)
    {
        if (buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private static async Task<(byte[] Buffer, int Length)> ReadCappedAsync(Stream stream, string service, PopcornUpstreamOptions settings, CancellationToken cancellationToken)
    {
        var buffer = ArrayPool<byte>.Shared.Rent(16 * 1024);
        int length = 0;
        try
        {
            while (true)
            {
                if (length == buffer.Length)
                {
                    var larger = ArrayPool<byte>.Shared.Rent(buffer.Length * 2);
                    buffer.AsSpan(0, length).CopyTo(larger);
                    ArrayPool<byte>.Shared.Return(buffer);
                    buffer = larger;
                }

                int read = await stream.ReadAsync(buffer.AsMemory(length), cancellationToken);
                if (read == 0)
                {
                    return (buffer, length);
                }

                length += read;
                if (length > settings.MaxResponseBytes)
                {
                    throw TooLarge(service, settings);
                }
            }
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }

    private static UpstreamUnavailableException TooLarge(string service, PopcornUpstreamOptions settings) =>
        new($"The service '{service}' sent more than {settings.MaxResponseBytes} bytes, the most the gateway reads from it.");
}
