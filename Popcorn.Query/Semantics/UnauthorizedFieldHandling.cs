namespace Popcorn.Query;

/// <summary>What plan compilation does when a selection names a field its <see cref="FieldAccess"/> refuses.</summary>
public enum UnauthorizedFieldHandling
{
    /// <summary>Answer exactly as for a field that does not exist, as for <c>[Never]</c> (the default): the field's existence is not revealed.</summary>
    Hide,

    /// <summary>Refuse the selection with a <see cref="QueryErrorKind.Forbidden"/> error naming the field (a 403); wildcards and defaults still leave it out.</summary>
    Forbid,
}
