using CsvHelper;

namespace Popcorn.Server.Tests.Formats;

/// <summary>Requests with an <c>Accept</c> header, and CSV read back by CsvHelper (a real RFC 4180 reader).</summary>
internal static class FormatClient
{
    public static async Task<(int Status, string ContentType, string Body, HttpResponseMessage Response)> GetAsync(HttpClient client, string path, string? accept, string? include = null)
    {
        string url = include is null ? path : $"{path}?include={Uri.EscapeDataString(include)}";
        using var request = new HttpRequestMessage(HttpMethod.Get, url);
        if (accept is not null)
        {
            request.Headers.TryAddWithoutValidation("Accept", accept);
        }

        var response = await client.SendAsync(request);
        string body = await response.Content.ReadAsStringAsync();
        return ((int)response.StatusCode, response.Content.Headers.ContentType?.ToString() ?? string.Empty, body, response);
    }

    /// <summary>Every record, the header row first.</summary>
    public static List<string[]> ReadCsv(string body)
    {
        using var reader = CsvReader.FromText(body, new CsvReaderOptions { HasHeader = false });
        var rows = new List<string[]>();
        while (reader.Read())
        {
            rows.Add(Enumerable.Range(0, reader.FieldCount).Select(reader.GetString).ToArray());
        }

        return rows;
    }
}
