namespace Popcorn.Server;

/// <summary>
/// A response passed <see cref="PopcornOptions.MaxResponseBytes"/> while being written. Thrown from inside the
/// generated writers (through <see cref="ResponseBody"/>), so a huge stored value or many aliases stop at the cap.
/// </summary>
internal sealed class ResponseTooLargeException(long limit)
    : Exception($"The response passed the limit of {limit} bytes (PopcornOptions.MaxResponseBytes).")
{
    public long Limit { get; } = limit;
}
