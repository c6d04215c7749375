using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Popcorn.Server;

/// <summary>
/// Reads and checks the trusted-documents list when the app starts (<c>ValidateOnStart</c>), so a missing file, a
/// file in neither format, or an entry whose id is not its text's SHA-256 stops the app with a message naming the
/// file and the entry, instead of refusing documents at run time.
/// </summary>
internal sealed class TrustedDocumentsValidator(IHostEnvironment? environment = null) : IValidateOptions<PopcornOptions>
{
    public ValidateOptionsResult Validate(string? name, PopcornOptions options)
    {
        if (options.TrustedDocumentsPath is not { Length: > 0 } path)
        {
            return options.TrustedDocumentsPath is null
                ? ValidateOptionsResult.Success
                : ValidateOptionsResult.Fail("TrustedDocumentsPath is empty; leave it out to accept any document, or name the list's file.");
        }

        try
        {
            var list = TrustedDocumentList.Load(path, TrustedDocumentList.ContentRoot(environment));
            return list.Count > 0
                ? ValidateOptionsResult.Success
                : ValidateOptionsResult.Fail($"TrustedDocumentsPath '{list.Path}' holds no documents, so the gateway would refuse every request.");
        }
        catch (InvalidOperationException e)
        {
            return ValidateOptionsResult.Fail(e.Message);
        }
    }
}
