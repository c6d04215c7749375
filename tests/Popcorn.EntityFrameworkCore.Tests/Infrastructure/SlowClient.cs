namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>HTTP clients that read slowly.</summary>
public static class SlowClient
{
    /// <summary>
    /// A client with a small, fixed receive buffer: loopback buffers otherwise grow to tens of megabytes, and the whole
    /// response would be sent before the client could go away.
    /// </summary>
    public static HttpClient Create(Uri baseAddress) => new(new SocketsHttpHandler
    {
        ConnectCallback = async (context, cancellationToken) =>
        {
            var socket = new System.Net.Sockets.Socket(System.Net.Sockets.SocketType.Stream, System.Net.Sockets.ProtocolType.Tcp) { ReceiveBufferSize = 64 * 1024 };
            await socket.ConnectAsync(context.DnsEndPoint, cancellationToken);
            return new System.Net.Sockets.NetworkStream(socket, ownsSocket: true);
        },
    })
    {
        BaseAddress = baseAddress,
    };
}
