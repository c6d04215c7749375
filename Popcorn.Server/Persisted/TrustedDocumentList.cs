using System.Collections.Frozen;
using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// The trusted documents an app accepts, read once from the file <c>PopcornOptions.TrustedDocumentsPath</c> names and
/// checked entry by entry: each is keyed by the SHA-256 of its text, and a key that is not that hash stops the app
/// with a message naming the entry. Two formats (docs/persisted-queries.md): Apollo's persisted-query manifest
/// (<c>@apollo/generate-persisted-query-manifest</c>) and a plain <c>{ "&lt;sha256&gt;": "&lt;document&gt;" }</c>
/// map (graphql-codegen's client preset, <c>persistedDocuments</c> with <c>hashAlgorithm: 'sha256'</c>). Immutable.
/// </summary>
internal sealed class TrustedDocumentList
{
    private const string ApolloManifestFormat = "apollo-persisted-query-manifest";

    private static readonly JsonDocumentOptions s_jsonOptions = new()
    {
        AllowDuplicateProperties = false,
        CommentHandling = JsonCommentHandling.Skip,
        AllowTrailingCommas = true,
    };

    private readonly FrozenDictionary<string, string> _documents;

    private TrustedDocumentList(string path, FrozenDictionary<string, string> documents)
    {
        Path = path;
        _documents = documents;
    }

    /// <summary>The file the list was read from, as resolved at startup.</summary>
    public string Path { get; }

    /// <summary>How many documents the list holds.</summary>
    public int Count => _documents.Count;

    /// <summary>The document whose SHA-256 is <paramref name="hash"/> (lower-case hex), or null.</summary>
    public string? Find(string hash) => _documents.GetValueOrDefault(hash);

    /// <summary>True when <paramref name="text"/> is, byte for byte, one of the trusted documents.</summary>
    public bool Contains(string text) => _documents.TryGetValue(DocumentHash.Of(text), out string? trusted) && trusted == text;

    /// <summary>What a relative path is relative to: the app's content root, or the app's folder when there is no host.</summary>
    public static string ContentRoot(Microsoft.Extensions.Hosting.IHostEnvironment? environment) =>
        environment?.ContentRootPath ?? AppContext.BaseDirectory;

    /// <summary>Reads and checks the list at <paramref name="path"/> (relative paths from <paramref name="contentRoot"/>).</summary>
    /// <exception cref="InvalidOperationException">The file cannot be read, is in neither format, or an entry's key is not its hash.</exception>
    public static TrustedDocumentList Load(string path, string contentRoot)
    {
        string fullPath = System.IO.Path.GetFullPath(path, contentRoot);
        byte[] bytes;
        try
        {
            bytes = File.ReadAllBytes(fullPath);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException)
        {
            throw Invalid(fullPath, $"it cannot be read ({e.Message})");
        }

        try
        {
            using var json = JsonDocument.Parse(bytes, s_jsonOptions);
            var root = json.RootElement;
            if (root.ValueKind != JsonValueKind.Object)
            {
                throw Invalid(fullPath, "it must be a JSON object: Apollo's persisted-query manifest or a { \"<sha256>\": \"<document>\" } map");
            }

            var documents = new Dictionary<string, string>(StringComparer.Ordinal);
            if (root.TryGetProperty("format", out var format))
            {
                ReadApolloManifest(fullPath, root, format, documents);
            }
            else
            {
                ReadMap(fullPath, root, documents);
            }

            return new TrustedDocumentList(fullPath, documents.ToFrozenDictionary(StringComparer.Ordinal));
        }
        catch (JsonException e)
        {
            throw Invalid(fullPath, $"it is not valid JSON ({e.Message})");
        }
        catch (InvalidOperationException e) when (e.InnerException is null && !e.Message.StartsWith(MessageStart, StringComparison.Ordinal))
        {
            // JsonDocument checks a string's UTF-8 only when it is read.
            throw Invalid(fullPath, $"a string in it is not valid Unicode ({e.Message})");
        }
    }

    /// <summary><c>{"format":"apollo-persisted-query-manifest","version":1,"operations":[{"id","name","type","body"}]}</c>.</summary>
    private static void ReadApolloManifest(string path, JsonElement root, JsonElement format, Dictionary<string, string> documents)
    {
        if (format.ValueKind != JsonValueKind.String || format.GetString() != ApolloManifestFormat)
        {
            throw Invalid(path, $"its 'format' must be \"{ApolloManifestFormat}\" (or leave 'format' out for a {{ \"<sha256>\": \"<document>\" }} map)");
        }

        if (!root.TryGetProperty("version", out var version) || version.ValueKind != JsonValueKind.Number || !version.TryGetInt32(out int v) || v != 1)
        {
            throw Invalid(path, "its 'version' must be 1, the manifest version this server reads");
        }

        if (!root.TryGetProperty("operations", out var operations) || operations.ValueKind != JsonValueKind.Array)
        {
            throw Invalid(path, "its 'operations' must be an array of { \"id\", \"name\", \"type\", \"body\" }");
        }

        int index = 0;
        foreach (var operation in operations.EnumerateArray())
        {
            string entry = $"operations[{index++}]";
            if (operation.ValueKind != JsonValueKind.Object
                || !operation.TryGetProperty("id", out var id) || id.ValueKind != JsonValueKind.String
                || !operation.TryGetProperty("body", out var body) || body.ValueKind != JsonValueKind.String)
            {
                throw Invalid(path, $"entry {entry} must be an object with string 'id' and 'body'");
            }

            if (operation.TryGetProperty("name", out var name) && name.ValueKind == JsonValueKind.String)
            {
                entry += $" ('{name.GetString()}')";
            }

            Add(path, entry, id.GetString()!, body.GetString()!, documents);
        }
    }

    /// <summary><c>{ "&lt;sha256&gt;": "&lt;document&gt;" }</c>, keys optionally written <c>sha256:&lt;hex&gt;</c>.</summary>
    private static void ReadMap(string path, JsonElement root, Dictionary<string, string> documents)
    {
        foreach (var property in root.EnumerateObject())
        {
            string entry = $"'{property.Name}'";
            if (property.Value.ValueKind != JsonValueKind.String)
            {
                throw Invalid(path, $"entry {entry} must map to the document's text, a string");
            }

            Add(path, entry, property.Name, property.Value.GetString()!, documents);
        }
    }

    private static void Add(string path, string entry, string id, string body, Dictionary<string, string> documents)
    {
        string hex = id.StartsWith(DocumentHash.Prefix, StringComparison.OrdinalIgnoreCase) ? id[DocumentHash.Prefix.Length..] : id;
        if (!DocumentHash.IsHex(hex))
        {
            throw Invalid(path, $"entry {entry} has the id '{Excerpt(id)}', which is not a SHA-256 hash (64 hex digits, optionally 'sha256:' first); "
                + "generate the list with SHA-256 ids (graphql-codegen: persistedDocuments: { hashAlgorithm: 'sha256' })");
        }

        string actual = DocumentHash.Of(body);
        if (!string.Equals(hex, actual, StringComparison.OrdinalIgnoreCase))
        {
            throw Invalid(path, $"entry {entry} has the id '{hex}', but its text's SHA-256 is '{actual}': the list and its documents disagree (regenerate the list)");
        }

        documents[actual] = body;
    }

    private static string Excerpt(string text) => text.Length <= 80 ? text : text[..80] + "…";

    private const string MessageStart = "Popcorn configuration: TrustedDocumentsPath";

    private static InvalidOperationException Invalid(string path, string reason) =>
        new($"{MessageStart} '{path}': {reason}.");
}
