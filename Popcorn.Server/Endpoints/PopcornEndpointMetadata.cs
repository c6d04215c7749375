namespace Popcorn.Server;

/// <summary>
/// Marks an endpoint whose result Popcorn writes with the request's selection. Added by
/// <c>.WithPopcorn()</c>; the same attribute (<see cref="PopcornAttribute"/>) opts MVC actions in.
/// </summary>
public interface IPopcornEndpointMetadata
{
}
