namespace Popcorn.ScaleOut.Tests;

/// <summary>
/// A fact skipped, with the reason shown, only when redis-server is not installed. When it is, a server that does
/// not start fails the test. (In CI, ./test.sh counts a skipped test as failed.)
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class RedisFactAttribute : FactAttribute
{
    public RedisFactAttribute() => Skip = RedisServer.UnavailableReason;
}
