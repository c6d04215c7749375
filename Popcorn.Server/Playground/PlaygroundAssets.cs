using System.Collections.Frozen;
using System.Net;
using Microsoft.AspNetCore.StaticFiles;

namespace Popcorn.Server;

/// <summary>
/// The playground's built files (Playground/wwwroot, built from Playground/ui), embedded in this assembly under <see cref="Prefix"/> so an app
/// serves them offline with no files of its own. Read once, on first use, and kept in memory (a few hundred KB).
/// </summary>
internal sealed class PlaygroundAssets
{
    /// <summary>The logical-name prefix the project file gives every embedded playground file.</summary>
    public const string Prefix = "Popcorn.Playground/";

    /// <summary>
    /// The page's pointer to the schema endpoints, as the UI build writes it; the server puts the app's own path in.
    /// The sample app serves the page as built, so the default must be where the sample maps them.
    /// </summary>
    private const string ToolsMeta = """<meta name="popcorn-tools" content="/popcorn" />""";

    private static readonly Lazy<PlaygroundAssets> s_instance = new(Load);
    private static readonly FileExtensionContentTypeProvider s_contentTypes = new();

    private readonly string _indexHtml;
    private readonly FrozenDictionary<string, Asset> _assets;

    private PlaygroundAssets(string indexHtml, FrozenDictionary<string, Asset> assets)
    {
        _indexHtml = indexHtml;
        _assets = assets;
    }

    public static PlaygroundAssets Instance => s_instance.Value;

    /// <summary>A file under <c>assets/</c> by its path there (e.g. <c>index-B5SKFS4Z.js</c>), or null.</summary>
    public Asset? Find(string path) => _assets.GetValueOrDefault(path);

    /// <summary>index.html, pointing the UI at the schema endpoints under <paramref name="toolsPath"/>.</summary>
    public string IndexHtml(string toolsPath) =>
        _indexHtml.Replace(ToolsMeta, $"""<meta name="popcorn-tools" content="{WebUtility.HtmlEncode(toolsPath)}" />""", StringComparison.Ordinal);

    private static PlaygroundAssets Load()
    {
        var assembly = typeof(PlaygroundAssets).Assembly;
        string? index = null;
        var assets = new Dictionary<string, Asset>(StringComparer.Ordinal);
        foreach (var name in assembly.GetManifestResourceNames())
        {
            if (!name.StartsWith(Prefix, StringComparison.Ordinal))
            {
                continue;
            }

            // MSBuild's RecursiveDir uses the build machine's separator; the URLs always use '/'.
            var path = name[Prefix.Length..].Replace('\\', '/');
            using var stream = assembly.GetManifestResourceStream(name)!;
            using var copy = new MemoryStream();
            stream.CopyTo(copy);
            if (path == "index.html")
            {
                index = System.Text.Encoding.UTF8.GetString(copy.ToArray());
            }
            else if (path.StartsWith("assets/", StringComparison.Ordinal))
            {
                assets[path["assets/".Length..]] = new Asset(ContentTypeOf(path), copy.ToArray());
            }
        }

        return new PlaygroundAssets(
            index ?? throw new InvalidOperationException("Popcorn.Server was built without the playground's index.html."),
            assets.ToFrozenDictionary(StringComparer.Ordinal));
    }

    private static string ContentTypeOf(string path)
    {
        var type = s_contentTypes.TryGetContentType(path, out var found) ? found : "application/octet-stream";
        return type is "text/javascript" or "text/css" ? type + "; charset=utf-8" : type;
    }

    /// <summary>One embedded file and the content type it is served with.</summary>
    internal sealed record Asset(string ContentType, byte[] Content);
}
