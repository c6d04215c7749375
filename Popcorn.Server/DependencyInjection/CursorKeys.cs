using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Reads <see cref="PopcornOptions.CursorKey"/> into the codec every plan cache of the app signs cursors with.</summary>
internal static class CursorKeys
{
    public static bool TryRead(string text, out byte[] key)
    {
        key = [];
        var buffer = new byte[text.Length];
        if (!Convert.TryFromBase64String(text.Trim(), buffer, out int written) || written < 32)
        {
            return false;
        }

        key = buffer[..written];
        return true;
    }

    /// <summary>The configured key's codec, or the per-process one when none is configured (validation refused a bad one at startup).</summary>
    public static CursorCodec CodecFor(string? configured) =>
        configured is not null && TryRead(configured, out byte[] key) ? new CursorCodec(key) : CursorCodec.PerProcess;
}
