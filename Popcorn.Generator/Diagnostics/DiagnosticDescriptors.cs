using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace Popcorn.Generator.Diagnostics;

/// <summary>Every diagnostic the generator reports; each is documented in docs/diagnostics.md.</summary>
internal static class DiagnosticDescriptors
{
    private const string Category = "Popcorn.Generator";

    public static readonly DiagnosticDescriptor GeneratorFailed = Create(
        "POP000",
        "The Popcorn generator failed",
        "The Popcorn generator could not process '{0}': {1}",
        DiagnosticSeverity.Error);

    public static readonly DiagnosticDescriptor UnsupportedMemberType = Create(
        "POP001",
        "Member type not supported",
        "Member '{0}.{1}' has type '{2}', which cannot be written; it is left out",
        DiagnosticSeverity.Warning);

    public static readonly DiagnosticDescriptor NameNotSelectable = Create(
        "POP002",
        "Wire name not expressible in a selection",
        "Member '{0}.{1}' is written as '{2}', which a selection cannot name ({3}); wildcards and defaults still write it",
        DiagnosticSeverity.Warning);

    public static readonly DiagnosticDescriptor InvalidSubPropertyDefault = Create(
        "POP003",
        "Invalid [SubPropertyDefault]",
        "[SubPropertyDefault(\"{0}\")] on '{1}.{2}': {3}",
        DiagnosticSeverity.Warning);

    public static readonly DiagnosticDescriptor NeverAndAlways = Create(
        "POP004",
        "[Never] and [Always] on the same member",
        "Member '{0}.{1}' is marked both [Never] and [Always]; it is treated as [Never]",
        DiagnosticSeverity.Error);

    public static readonly DiagnosticDescriptor ContextNotPartial = Create(
        "POP005",
        "Popcorn context must be partial",
        "'{0}' is marked [PopcornContext] but it or a type containing it is not partial",
        DiagnosticSeverity.Error);

    public static readonly DiagnosticDescriptor NotAJsonContext = Create(
        "POP006",
        "Popcorn context must be a JsonSerializerContext",
        "'{0}' is marked [PopcornContext] but does not derive from System.Text.Json.Serialization.JsonSerializerContext",
        DiagnosticSeverity.Error);

    public static readonly DiagnosticDescriptor DuplicateWireName = Create(
        "POP007",
        "Two members share a JSON name",
        "Members '{0}.{1}' and '{0}.{2}' are both written as '{3}'; the second is left out",
        DiagnosticSeverity.Warning);

    public static readonly DiagnosticDescriptor ValuesNotSelectable = Create(
        "POP008",
        "Nested selection not available for a member",
        "Member '{0}.{1}' of type '{2}' is written by System.Text.Json in full ({3}); selections cannot reach inside it",
        DiagnosticSeverity.Info);

    public static readonly DiagnosticDescriptor FeatureNotSupported = Create(
        "POP009",
        "System.Text.Json feature not honoured",
        "{0} on '{1}' is not honoured by Popcorn writers: {2}",
        DiagnosticSeverity.Warning);

    public static readonly DiagnosticDescriptor DuplicateTypeName = Create(
        "POP010",
        "Two model types share a name",
        "Model types '{0}' and '{1}' are both named '{2}'; the second is described as '{3}'",
        DiagnosticSeverity.Warning);

    public static readonly DiagnosticDescriptor GenericContext = Create(
        "POP011",
        "Popcorn context must not be generic",
        "'{0}' is marked [PopcornContext] but is generic",
        DiagnosticSeverity.Error);

    // [Never] is Popcorn's promise that a value never leaves the server. Popcorn's writers keep it, but the same
    // context also serves plain System.Text.Json responses and OpenAPI schemas, which only [JsonIgnore] reaches.
    public static readonly DiagnosticDescriptor NeverMemberSerialized = Create(
        "POP012",
        "[Never] member still written by System.Text.Json",
        "Member '{0}.{1}' is [Never], but System.Text.Json still writes it wherever the model is serialized without Popcorn (plain responses, OpenAPI schemas, logs); add {2}",
        DiagnosticSeverity.Error);

    public static readonly DiagnosticDescriptor BlankPolicy = Create(
        "POP013",
        "[PopcornAuthorize] without a policy name",
        "Member '{0}.{1}' has [PopcornAuthorize] with a blank policy name; name the authorization policy a caller must satisfy to see it",
        DiagnosticSeverity.Error);

    public static readonly DiagnosticDescriptor BatchResolverMismatch = Create(
        "POP014",
        "[BatchResolved] cannot resolve the member",
        "[BatchResolved] on '{0}.{1}': {2}",
        DiagnosticSeverity.Error);

    private static readonly Dictionary<string, DiagnosticDescriptor> s_byId = new()
    {
        [GeneratorFailed.Id] = GeneratorFailed,
        [UnsupportedMemberType.Id] = UnsupportedMemberType,
        [NameNotSelectable.Id] = NameNotSelectable,
        [InvalidSubPropertyDefault.Id] = InvalidSubPropertyDefault,
        [NeverAndAlways.Id] = NeverAndAlways,
        [ContextNotPartial.Id] = ContextNotPartial,
        [NotAJsonContext.Id] = NotAJsonContext,
        [DuplicateWireName.Id] = DuplicateWireName,
        [ValuesNotSelectable.Id] = ValuesNotSelectable,
        [FeatureNotSupported.Id] = FeatureNotSupported,
        [DuplicateTypeName.Id] = DuplicateTypeName,
        [GenericContext.Id] = GenericContext,
        [NeverMemberSerialized.Id] = NeverMemberSerialized,
        [BlankPolicy.Id] = BlankPolicy,
        [BatchResolverMismatch.Id] = BatchResolverMismatch,
    };

    public static DiagnosticDescriptor ById(string id) => s_byId[id];

    private static DiagnosticDescriptor Create(string id, string title, string message, DiagnosticSeverity severity) =>
        new(id, title, message, Category, severity, isEnabledByDefault: true);
}
