using Microsoft.AspNetCore.Mvc;

namespace Popcorn.Server.Tests.OpenApi;

/// <summary>An MVC action with <c>[Popcorn]</c>, whose model comes from its <c>ActionResult&lt;Book&gt;</c>.</summary>
[ApiController]
[Route("mvc/books")]
public sealed class ShelfController : ControllerBase
{
    [HttpGet("{id:int}")]
    [Popcorn]
    public ActionResult<Book> Get(int id) => id == Shelf.Dune.Id ? Shelf.Dune : NotFound();
}
