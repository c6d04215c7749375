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
    public Task<(byte[] Buffer, int Length)> GetAsync(string service, string pathAndQuery, HttpContext? context, CancellationToken cancellationToken, bool notFoundIsAnswer = false) =>
        GetAsync(service, pathAndQuery, context, s_readAll, notFound: ([], -1), notFoundIsAnswer, cancellationToken);

    private static readonly Func<Stream, CancellationToken, Task<(byte[] Buffer, int Length)>> s_readAll = ReadAllAsync;

    /// <summary>
    /// GETs <paramref name="pathAndQuery"/> from <paramref name="service"/> and hands its body to <paramref name="read"/>
    /// as it arrives: a stream that stops at the service's <see cref="PopcornUpstreamOptions.MaxResponseBytes"/> and,
    /// with the headers, at its <see cref="PopcornUpstreamOptions.Timeout"/> (a service that sends its body slowly is a
    /// timeout, not a hang). What <paramref name="read"/> throws but an <see cref="UpstreamUnavailableException"/> or a
    /// cancellation counts as the service being unavailable; the call counts as answered when it returns.
    /// </summary>
    /// <exception cref="UpstreamUnavailableException">The service did not give a usable answer.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the client left).</exception>
    public async Task<T> GetAsync<T>(string service, string pathAndQuery, HttpContext? context, Func<Stream, CancellationToken, Task<T>> read, T notFound, bool notFoundIsAnswer, CancellationToken cancellationToken)
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
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(settings.Timeout);
        UpstreamBodyStream? body = null;
        try
        {
            using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
            if (notFoundIsAnswer && response.StatusCode == System.Net.HttpStatusCode.NotFound)
            {
                OutageOf(service).Succeeded();
                metrics.Ended(service, PopcornTelemetryTags.UpstreamNotFound, null, 0, started);
                return notFound;
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

            body = new UpstreamBodyStream(await response.Content.ReadAsStreamAsync(cancellationToken), settings.MaxResponseBytes, () => TooLarge(service, settings));
            await using (body)
            {
                var result = await read(body, deadline.Token);
                OutageOf(service).Succeeded();
                metrics.Ended(service, PopcornTelemetryTags.UpstreamAnswered, null, body.BytesRead, started);
                return result;
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            metrics.Ended(service, PopcornTelemetryTags.UpstreamCancelled, null, body?.BytesRead ?? 0, started);
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
            // Connection refused, a timeout of the resilience handler (Polly's TimeoutRejectedException) or of the body
            // (the deadline), an open circuit (BrokenCircuitException), a reset mid-body: the client learns only that
            // the service is unavailable.
            bool timedOut = e is TimeoutRejectedException || (e is OperationCanceledException && deadline.IsCancellationRequested);
            logger.UpstreamFailed(service, e.GetType().Name, e);
            OutageOf(service).Failed(e);
            metrics.Ended(service, PopcornTelemetryTags.UpstreamFailed,
                timedOut ? PopcornTelemetryTags.UpstreamErrorTimeout : PopcornTelemetryTags.UpstreamErrorUnavailable, 0, started);
            throw new UpstreamUnavailableException($"The service '{service}' is unavailable.", e, timedOut ? StatusCodes.Status504GatewayTimeout : StatusCodes.Status503ServiceUnavailable);
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

    /// <summary>Reads the whole body (the stream stops at the service's cap) into a pooled buffer.</summary>
    private static async Task<(byte[] Buffer, int Length)> ReadAllAsync(Stream stream, CancellationToken cancellationToken)
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
