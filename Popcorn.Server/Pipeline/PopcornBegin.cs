using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>What <see cref="PopcornPipeline.BeginAsync"/> settled: the exchange to go on with, or the problem to answer instead of running the handler.</summary>
internal readonly record struct PopcornBegin(PopcornExchange Exchange, IResult? Problem)
{
    public static PopcornBegin Refused(IResult problem) => new(default, problem);
}
