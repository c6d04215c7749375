using System.Collections.Concurrent;

namespace Popcorn.Bench.Gateway;

/// <summary>Response bytes and responses per listening port: what each counting forwarder sent its caller.</summary>
public sealed class ByteCounts
{
    private readonly ConcurrentDictionary<int, (long Bytes, long Responses)> _byPort = new();
    private readonly ConcurrentDictionary<int, string> _lastCall = new();

    public void Add(int port, long bytes, string target)
    {
        _byPort.AddOrUpdate(port, (bytes, 1), (_, total) => (total.Bytes + bytes, total.Responses + 1));
        _lastCall[port] = target;
    }

    /// <summary>One line per port: <c>port target</c>, the path and query of the last call it passed on.</summary>
    public string LastCalls() => string.Join("\n", _lastCall.OrderBy(p => p.Key).Select(p => $"{p.Key} {p.Value}")) + "\n";

    /// <summary>One line per port: <c>port bytes responses</c>.</summary>
    public string Report(bool reset)
    {
        string report = string.Join("\n", _byPort.OrderBy(p => p.Key).Select(p => $"{p.Key} {p.Value.Bytes} {p.Value.Responses}"));
        if (reset)
        {
            _byPort.Clear();
        }

        return report + "\n";
    }
}

/// <summary>
/// Counts the response bytes of requests to the counting ports (not the benchmark's own endpoints, whose cost it would
/// add to), after waiting <see cref="BenchUpstreams.UpstreamDelay"/> when one is set.
/// </summary>
public sealed class ByteCountingMiddleware(RequestDelegate next, ByteCounts counts, BenchUpstreams upstreams)
{
    public async Task InvokeAsync(HttpContext context)
    {
        int port = context.Connection.LocalPort;
        if (port != upstreams.OrdersCountPort && port != upstreams.CustomersCountPort)
        {
            await next(context);
            return;
        }

        if (upstreams.UpstreamDelay > TimeSpan.Zero)
        {
            await Task.Delay(upstreams.UpstreamDelay, context.RequestAborted);
        }

        var counting = new CountingStream(context.Response.Body);
        context.Response.Body = counting;
        await next(context);
        counts.Add(port, counting.Written, context.Request.Path + context.Request.QueryString);
    }

    private sealed class CountingStream(Stream inner) : Stream
    {
        public long Written { get; private set; }

        public override bool CanRead => false;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush() => inner.Flush();
        public override Task FlushAsync(CancellationToken cancellationToken) => inner.FlushAsync(cancellationToken);
        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count)
        {
            Written += count;
            inner.Write(buffer, offset, count);
        }

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Written += buffer.Length;
            return inner.WriteAsync(buffer, cancellationToken);
        }

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();
    }
}
