using Popcorn.Generator.Diagnostics;

namespace Popcorn.Generator.Model;

/// <summary>What the parser makes of one context: the spec to emit (null when it cannot be emitted) and the diagnostics.</summary>
internal sealed record ParseResult(ContextSpec? Spec, EquatableArray<DiagnosticInfo> Diagnostics);
