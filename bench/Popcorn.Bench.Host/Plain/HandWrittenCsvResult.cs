using System.Buffers;
using System.Buffers.Text;
using System.Collections.Concurrent;
using System.Text;
using Popcorn.Bench.Host.Models;

namespace Popcorn.Bench.Host.Plain;

/// <summary>
/// The CSV baseline: the orders' narrow selection (<c>[id,number,customer[name]]</c>) written by hand as RFC 4180 CSV,
/// straight from the objects (typed formatting, quoting only where needed) into a reused buffer, then one write with
/// its Content-Length. What a team would write without Popcorn, and the same bytes Popcorn's CSV writes for that
/// selection (checked by the instruction cases), so the two are compared row for row.
/// </summary>
public sealed class HandWrittenCsvResult(List<Order> orders) : IResult
{
    private static readonly ConcurrentBag<ArrayBufferWriter<byte>> s_buffers = [];
    private static readonly SearchValues<char> s_mustQuote = SearchValues.Create(",\"\r\n");

    /// <inheritdoc />
    public async Task ExecuteAsync(HttpContext httpContext)
    {
        if (!s_buffers.TryTake(out var buffer))
        {
            buffer = new ArrayBufferWriter<byte>(256 * 1024);
        }

        try
        {
            buffer.ResetWrittenCount();
            buffer.Write("id,number,customer.id,customer.name\r\n"u8);
            foreach (var order in orders)
            {
                WriteInt(buffer, order.Id);
                buffer.Write(","u8);
                WriteText(buffer, order.Number);
                buffer.Write(","u8);
                WriteInt(buffer, order.Customer.Id);
                buffer.Write(","u8);
                WriteText(buffer, order.Customer.Name);
                buffer.Write("\r\n"u8);
            }

            var response = httpContext.Response;
            response.StatusCode = StatusCodes.Status200OK;
            response.ContentType = "text/csv; charset=utf-8; header=present";
            response.ContentLength = buffer.WrittenCount;
            await response.Body.WriteAsync(buffer.WrittenMemory, httpContext.RequestAborted);
        }
        finally
        {
            s_buffers.Add(buffer);
        }
    }

    private static void WriteInt(ArrayBufferWriter<byte> buffer, int value)
    {
        Utf8Formatter.TryFormat(value, buffer.GetSpan(11), out int written);
        buffer.Advance(written);
    }

    private static void WriteText(ArrayBufferWriter<byte> buffer, string value)
    {
        if (value.Length > 0 && value.AsSpan().IndexOfAny(s_mustQuote) < 0)
        {
            buffer.Advance(Encoding.UTF8.GetBytes(value, buffer.GetSpan(Encoding.UTF8.GetMaxByteCount(value.Length))));
            return;
        }

        buffer.Write("\""u8);
        buffer.Advance(Encoding.UTF8.GetBytes(value.Replace("\"", "\"\""), buffer.GetSpan(Encoding.UTF8.GetMaxByteCount(value.Length * 2))));
        buffer.Write("\""u8);
    }
}
