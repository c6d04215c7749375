using System.Diagnostics;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Popcorn's spans, from the <c>Popcorn.Server</c> activity source: parse, compile, resolve and write, and for the
/// gateway one operation span named and tagged after OpenTelemetry's GraphQL conventions. With no listener no span is
/// started (null, nothing allocated), and attributes are only set on a span that records them.
/// </summary>
internal static class PopcornTracing
{
    public const string ParseSpan = "popcorn.parse";
    public const string CompileSpan = "popcorn.compile";
    public const string ResolveSpan = "popcorn.resolve";
    public const string WriteSpan = "popcorn.write";

    /// <summary>GraphQL has only this operation type at the gateway (no mutations or subscriptions).</summary>
    private const string QueryOperation = "query";

    public static readonly ActivitySource Source = new(PopcornDiagnostics.ActivitySourceName, typeof(PopcornTracing).Assembly.GetName().Version?.ToString());

    public static Activity? StartParse(string? text)
    {
        var span = Start(ParseSpan);
        if (span is { IsAllDataRequested: true })
        {
            span.SetTag(PopcornTelemetryTags.Syntax, SelectionParser.DetectSyntax(text) == SelectionSyntax.Include ? PopcornTelemetryTags.SyntaxInclude : PopcornTelemetryTags.SyntaxGraphQL);
        }

        return span;
    }

    public static Activity? StartCompile(TypeMetadata type)
    {
        var span = Start(CompileSpan);
        if (span is { IsAllDataRequested: true })
        {
            span.SetTag(PopcornTelemetryTags.Model, type.Name);
        }

        return span;
    }

    /// <summary>A gateway root field's resolver, or (field null) a REST endpoint's handler.</summary>
    public static Activity? StartResolve(string? field)
    {
        var span = Start(ResolveSpan);
        if (field is not null && span is { IsAllDataRequested: true })
        {
            span.SetTag(PopcornTelemetryTags.Field, field);
        }

        return span;
    }

    public static Activity? StartWrite() => Start(WriteSpan);

    /// <summary>Ends a write span with the bytes it wrote.</summary>
    public static void Written(Activity? span, long bytes)
    {
        if (span is { IsAllDataRequested: true })
        {
            span.SetTag(PopcornTelemetryTags.ResponseSize, bytes);
        }
    }

    /// <summary>
    /// Marks a span as failed by a refused selection: the description is the <see cref="QueryErrorKind"/> name, as the
    /// plan cache writes it on its own parse and compile spans; the client's text stays out.
    /// </summary>
    public static void Refused(Activity? span, QueryErrorKind kind) =>
        span?.SetStatus(ActivityStatusCode.Error, kind.ToString());

    /// <summary>
    /// The gateway's operation span, after OpenTelemetry's GraphQL server span: named by the operation type alone (the
    /// conventions advise against the client-chosen, high-cardinality operation name in span names), with
    /// <c>graphql.operation.type</c>, <c>graphql.operation.name</c> and <c>graphql.document</c> (the query text as sent;
    /// variables are never recorded). Internal rather than Server: ASP.NET Core's request span is the server span.
    /// </summary>
    public static Activity? StartGraphQLOperation(string document, string? operationName)
    {
        var span = Start(QueryOperation);
        if (span is { IsAllDataRequested: true })
        {
            span.SetTag(PopcornTelemetryTags.GraphQLOperationType, QueryOperation);
            span.SetTag(PopcornTelemetryTags.GraphQLOperationName, operationName);
            span.SetTag(PopcornTelemetryTags.GraphQLDocument, document);
        }

        return span;
    }

    // Without a listener StartActivity returns null, but only after its own checks (about 60 instructions a call,
    // five calls in a small gateway request); testing for listeners first is one field read.
    private static Activity? Start(string name) => Source.HasListeners() ? Source.StartActivity(name) : null;
}
