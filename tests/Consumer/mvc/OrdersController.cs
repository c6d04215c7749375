// An MVC controller opted in with [Popcorn]: every action's result is written with the selection.
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.OutputCaching;
using Popcorn.Server;
using Shop;

namespace ShopMvc.Controllers;

[ApiController]
[Route("orders")]
[Popcorn]
public sealed class OrdersController : ControllerBase
{
    [HttpGet]
    [OutputCache] // cached per selection, never one for another
    public IEnumerable<Order> List() => Orders.All;

    [HttpGet("{id:int}")]
    public ActionResult<Order> Get(int id) => Orders.Find(id) is { } order ? order : NotFound();
}
