using Microsoft.Extensions.Options;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Checks each upstream's options when the app starts, naming the option that is wrong.</summary>
internal sealed class UpstreamOptionsValidator : IValidateOptions<PopcornUpstreamOptions>
{
    public ValidateOptionsResult Validate(string? name, PopcornUpstreamOptions options)
    {
        string at = $"Popcorn:Upstreams:{name}";
        var failures = new List<string>();
        if (options.BaseAddress is not { IsAbsoluteUri: true } address || !(address.Scheme is "http" or "https" || address.Scheme.Contains('+', StringComparison.Ordinal)))
        {
            failures.Add($"{at}:BaseAddress must be an absolute http or https address (or a service discovery one, e.g. https+http://orders); it is '{options.BaseAddress}'.");
        }

        if (options.Timeout <= TimeSpan.Zero)
        {
            failures.Add($"{at}:Timeout must be positive; it is {options.Timeout}.");
        }

        if (options.AttemptTimeout <= TimeSpan.Zero || options.AttemptTimeout > options.Timeout)
        {
            failures.Add($"{at}:AttemptTimeout must be positive and at most Timeout ({options.Timeout}); it is {options.AttemptTimeout}.");
        }

        if (options.MaxRetries is < 0 or > 10)
        {
            failures.Add($"{at}:MaxRetries must be between 0 and 10; it is {options.MaxRetries}.");
        }

        if (options.MaxResponseBytes <= 0)
        {
            failures.Add($"{at}:MaxResponseBytes must be positive; it is {options.MaxResponseBytes}.");
        }

        if (options.SchemaCheckInterval is { } interval && interval <= TimeSpan.Zero)
        {
            failures.Add($"{at}:SchemaCheckInterval must be positive; it is {interval}.");
        }

        if (options.Prefix is { } prefix && !SelectionParser.IsValidFieldName(prefix))
        {
            failures.Add($"{at}:Prefix must be a GraphQL name (letters, digits, '_', not starting with a digit); it is '{prefix}'.");
        }

        if (!options.SchemaPath.StartsWith('/') || !options.GraphQLPath.StartsWith('/') || !options.OpenApiPath.StartsWith('/'))
        {
            failures.Add($"{at}:SchemaPath, GraphQLPath and OpenApiPath must start with '/'.");
        }

        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }
}
