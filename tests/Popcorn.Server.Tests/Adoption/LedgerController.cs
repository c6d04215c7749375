using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace Popcorn.Server.Tests.Adoption;

/// <summary>MVC actions returning <see cref="IActionResult"/>: the model type comes from the attributes.</summary>
[ApiController]
[Route("mvc/invoices")]
public sealed class LedgerController(Ledger ledger) : ControllerBase
{
    [HttpPost]
    [Popcorn(typeof(Invoice))]
    public IActionResult Create(NewInvoice request)
    {
        var invoice = ledger.Add(request);
        return CreatedAtAction(nameof(Get), new { id = invoice.Id }, invoice);
    }

    [HttpGet("{id:int}")]
    [Popcorn]
    [ProducesResponseType(typeof(Invoice), StatusCodes.Status200OK)]
    public IActionResult Get(int id) => ledger.Find(id) is { } invoice ? Ok(invoice) : NotFound();
}
