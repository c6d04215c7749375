using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Popcorn.Server;

/// <summary>
/// Where a document named by its hash comes from, for the gateway and for REST alike: the trusted-documents list when
/// <see cref="PopcornOptions.TrustedDocumentsPath"/> names one (then nothing else: the app accepts only those), else
/// the automatic persisted queries clients stored through the app's <c>IDistributedCache</c>
/// (<see cref="PersistedQueryStore"/>). A singleton; the list is read once, when it is first needed (the options
/// validator has already read and checked it at startup).
/// </summary>
internal sealed class PersistedDocuments(IOptions<PopcornOptions> options, PersistedQueryStore store, IHostEnvironment? environment = null)
{
    private readonly TrustedDocumentList? _trusted = options.Value.TrustedDocumentsPath is { Length: > 0 } path
        ? TrustedDocumentList.Load(path, TrustedDocumentList.ContentRoot(environment))
        : null;

    /// <summary>The trusted documents, or null when the app accepts any document.</summary>
    public TrustedDocumentList? Trusted => _trusted;

    /// <summary>The store of automatic persisted queries (not consulted in trusted-documents mode).</summary>
    public PersistedQueryStore Store => store;

    /// <summary>
    /// The document stored under <paramref name="hash"/> (lower-case hex): from the trusted list in trusted-documents
    /// mode, else from the store when <see cref="PopcornOptions.EnablePersistedQueries"/> is on; null when there is
    /// none or the store did not answer in time.
    /// </summary>
    public ValueTask<string?> FindAsync(string hash, CancellationToken requestAborted)
    {
        if (_trusted is not null)
        {
            return ValueTask.FromResult(_trusted.Find(hash));
        }

        return options.Value.EnablePersistedQueries
            ? new ValueTask<string?>(store.FindAsync(hash, requestAborted))
            : ValueTask.FromResult<string?>(null);
    }
}
