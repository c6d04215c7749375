using System.Buffers;
using System.IO.Pipelines;
using System.IO.Hashing;
using System.Text.Json;
using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>
/// One response body as Popcorn's JSON writer sees it. Every byte counts against
/// <see cref="PopcornOptions.MaxResponseBytes"/>, and the bytes are held back until the first flush, so a response that
/// passes the cap before anything was sent can still be answered with an error instead of a cut-off 200.
/// </summary>
/// <remarks>
/// Bytes given to Kestrel's body pipe cannot be taken back, so writing into it from the start would leave no way to
/// turn a 200 into an error. Holding costs one copy of the held bytes; a body that ends while held (up to
/// <c>holdUpTo</c>, <see cref="PopcornOptions.ResponseBufferBytes"/>) goes out in one write with a Content-Length, as a buffered serializer sends it, and after
/// the first send the writer writes straight into the pipe. A body that will carry an <c>ETag</c> is held whole, up to
/// <c>holdWholeUpTo</c> bytes, because the header must be sent before the bytes it is a hash of.
/// </remarks>
internal sealed class ResponseBody : IBufferWriter<byte>, IDisposable
{
    /// <summary>Bytes written before they are sent on at a safe point, so a long response streams instead of piling up in memory.</summary>
    public const int FlushThreshold = 16 * 1024;

    private const int HeldSegmentSize = 16 * 1024;

    // Held segments grow with the body (16 KB, 16 KB, 32 KB, ... up to this), so a large held body takes a few pooled arrays, not dozens.
    private const int MaxHeldSegmentSize = 256 * 1024;

    private readonly HttpResponse _response;
    private readonly PipeWriter _pipe;
    private readonly long _limit;
    private readonly Utf8JsonWriterPool _pool;
    private readonly long _holdWholeUpTo;
    private readonly long _holdUpTo;
    private readonly List<(byte[] Array, int Length)> _held = [];
    private byte[]? _current;
    private int _currentLength;
    private byte[]? _scratch;
    private bool _inScratch;
    private long _written;
    private long _flushedMark;

    /// <param name="response">The response whose body this is: started (its headers written) before the first bytes go to its pipe.</param>
    /// <param name="limit">The most bytes the body may have.</param>
    /// <param name="pool">Where the JSON writer comes from.</param>
    /// <param name="holdWholeUpTo">The longest body that can still be hashed whole (for an ETag); 0 for none.</param>
    /// <param name="holdUpTo">
    /// Flushes send nothing while the body is at most this long (or <paramref name="holdWholeUpTo"/>, the larger); 0: the
    /// first flush sends. A body that ends within it goes out in one write (see <see cref="TryGetWholeLength"/>).
    /// </param>
    public ResponseBody(HttpResponse response, long limit, Utf8JsonWriterPool pool, long holdWholeUpTo = 0, long holdUpTo = 0)
    {
        _response = response;
        _pipe = response.BodyWriter;
        _limit = limit;
        _pool = pool;
        _holdWholeUpTo = holdWholeUpTo;
        _holdUpTo = Math.Max(holdWholeUpTo, holdUpTo);
        Json = pool.Rent(this);
    }

    /// <summary>The pooled JSON writer writing into this body.</summary>
    public Utf8JsonWriter Json { get; }

    /// <summary>Whether bytes have been handed to the client's connection: from then on an error can only cut the response off.</summary>
    public bool HasSentBytes { get; private set; }

    /// <summary>Every byte written so far (after <see cref="CompleteAsync"/>: the whole body).</summary>
    public long BytesWritten => _written;

    /// <summary>Bytes written since the last flush, whether still in the JSON writer or already in this body.</summary>
    public long PendingBytes => _written + Json.BytesPending - _flushedMark;

    public void Advance(int count)
    {
        _written += count;
        if (HasSentBytes)
        {
            _pipe.Advance(count);
        }
        else if (_inScratch)
        {
            _inScratch = false;
            HoldCopy(_scratch.AsSpan(0, count));
        }
        else
        {
            _currentLength += count;
        }

        if (_written > _limit)
        {
            throw new ResponseTooLargeException(_limit);
        }
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        if (HasSentBytes)
        {
            return _pipe.GetMemory(sizeHint);
        }

        if (sizeHint > HeldSegmentSize)
        {
            // The writer asks for the worst case of one value (six bytes a character when escaped) and uses a fraction
            // of it; held segments of that size would hold several times the response. Write into a scratch buffer
            // and keep only the bytes used.
            if (_scratch is null || _scratch.Length < sizeHint)
            {
                ReturnScratch();
                _scratch = ArrayPool<byte>.Shared.Rent(sizeHint);
            }

            _inScratch = true;
            return _scratch;
        }

        _inScratch = false;
        if (_current is null || _current.Length - _currentLength < Math.Max(sizeHint, 1))
        {
            Hold();
            _current = ArrayPool<byte>.Shared.Rent(NextHeldSegmentSize());
        }

        return _current.AsMemory(_currentLength);
    }

    public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;

    /// <summary>
    /// Sends what is written on to the client at a safe point (between list items, between gateway root fields). When
    /// the client has gone (the pipe's reader completed, or the request was aborted) the write stops here: rendering
    /// the rest for nobody would only cost CPU and the handler's data.
    /// </summary>
    public async ValueTask FlushAsync(CancellationToken cancellationToken)
    {
        if (!HasSentBytes && _written + Json.BytesPending <= _holdUpTo)
        {
            // Still short enough to be held whole (to go out in one write, or for its ETag): keep it, but empty the JSON
            // writer's own buffer.
            Json.Flush();
            _flushedMark = _written;
            return;
        }

        await ReleaseAsync(cancellationToken);
        var result = await _pipe.FlushAsync(cancellationToken);
        if (result.IsCompleted || result.IsCanceled)
        {
            throw new OperationCanceledException("The client stopped reading the response.", cancellationToken);
        }
    }

    /// <summary>
    /// The 128-bit XxHash of the whole body, when all of it is still held and it is at most <c>holdWholeUpTo</c> bytes; false
    /// otherwise (a short body can pass that size between two flushes and still be held). Call when the document is
    /// written, before <see cref="CompleteAsync"/>.
    /// </summary>
    public bool TryHashWhole(Span<byte> hash128)
    {
        Json.Flush();
        if (HasSentBytes || _written > _holdWholeUpTo)
        {
            return false;
        }

        Hold();
        var hash = new XxHash128();
        foreach (var (array, length) in _held)
        {
            hash.Append(array.AsSpan(0, length));
        }

        return hash.TryGetHashAndReset(hash128, out _);
    }

    /// <summary>
    /// When the document is written and nothing has been sent yet, the whole body's length, for a Content-Length header
    /// (set it before <see cref="CompleteAsync"/>, which starts the response); false once bytes have been sent.
    /// </summary>
    public bool TryGetWholeLength(out long length)
    {
        Json.Flush();
        length = _written;
        return !HasSentBytes;
    }

    /// <summary>Ends the document: hands whatever is held to the pipe (the caller flushes the pipe itself).</summary>
    public ValueTask CompleteAsync(CancellationToken cancellationToken) => ReleaseAsync(cancellationToken);

    /// <summary>Returns the JSON writer and held buffers to their pools; after a <see cref="ResponseTooLargeException"/> nothing held is ever sent.</summary>
    public void Dispose()
    {
        _pool.Return(Json);
        foreach (var (array, _) in _held)
        {
            ArrayPool<byte>.Shared.Return(array);
        }

        _held.Clear();
        if (_current is not null)
        {
            ArrayPool<byte>.Shared.Return(_current);
            _current = null;
        }

        ReturnScratch();
    }

    /// <summary>Appends bytes written into the scratch buffer to the held segments.</summary>
    private void HoldCopy(ReadOnlySpan<byte> bytes)
    {
        while (!bytes.IsEmpty)
        {
            if (_current is null || _current.Length == _currentLength)
            {
                Hold();
                _current = ArrayPool<byte>.Shared.Rent(NextHeldSegmentSize());
            }

            int length = Math.Min(bytes.Length, _current.Length - _currentLength);
            bytes[..length].CopyTo(_current.AsSpan(_currentLength));
            _currentLength += length;
            bytes = bytes[length..];
        }
    }

    private int NextHeldSegmentSize() => (int)Math.Clamp(_written, HeldSegmentSize, MaxHeldSegmentSize);

    private void ReturnScratch()
    {
        if (_scratch is not null)
        {
            ArrayPool<byte>.Shared.Return(_scratch);
            _scratch = null;
        }
    }

    private void Hold()
    {
        if (_current is not null)
        {
            _held.Add((_current, _currentLength));
            _current = null;
            _currentLength = 0;
        }
    }

    /// <summary>Moves the JSON writer's pending bytes, and any held bytes, into the pipe; from then on writes go straight there.</summary>
    private async ValueTask ReleaseAsync(CancellationToken cancellationToken)
    {
        // Utf8JsonWriter.Flush also drops the memory it was given, so no held buffer is written to after it goes back to the pool.
        Json.Flush();
        if (!HasSentBytes)
        {
            if (!_response.HasStarted)
            {
                // Kestrel keeps bytes written before the response has started aside and copies them in behind the
                // headers when it starts: starting first (headers only, nothing flushed) saves a second copy of the body.
                await _response.StartAsync(cancellationToken);
            }

            Hold();
            foreach (var (array, length) in _held)
            {
                _pipe.Write(array.AsSpan(0, length));
                ArrayPool<byte>.Shared.Return(array);
            }

            _held.Clear();
            ReturnScratch();
            HasSentBytes = true;
        }

        _flushedMark = _written;
    }
}
