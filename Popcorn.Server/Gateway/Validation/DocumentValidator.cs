using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Validates a parsed GraphQL document against the gateway's schema with the rules of the spec's section 5 that apply
/// to executable documents, one rule group per file, before any variable is bound or anything runs. Every error is in
/// the spec's (graphql-js's) message style with the location of the offending token; validation stops at the gateway's
/// error cap. The result depends on the document and the schema only, so it is computed once per distinct document.
/// </summary>
internal static class DocumentValidator
{
    /// <summary>The errors of <paramref name="document"/>, empty when it is valid; its deprecation <paramref name="warnings"/>.</summary>
    public static IReadOnlyList<GraphQLError> Validate(SchemaModel schema, string text, DocumentNode document, out IReadOnlyList<GraphQLError> warnings)
    {
        var context = new ValidationContext(schema, text, document);
        OperationRules.Check(context);
        FragmentRules.Check(context);
        var selections = new SelectionRules(context);
        selections.Check();
        VariableRules.Check(context, selections.Uses);
        new FieldMergingRules(context).Check();
        warnings = context.Warnings;
        return context.Errors;
    }
}
